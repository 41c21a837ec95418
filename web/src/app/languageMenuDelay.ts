/** How long the language menu stays open after a choice, as in the seed client. */
export const languageMenuCloseDelay = 200;
