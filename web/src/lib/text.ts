/** Length in characters (code points), as the server counts. */
export const charCount = (s: string) => Array.from(s).length;
