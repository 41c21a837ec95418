import { api, unwrap, type Schemas } from './client';

/** One festival the assistant's answer is drawn from, linking to /festival/{slug} (marquee.InquiryFestival). */
export type InquiryFestival = Schemas['InquiryFestival'];

/** The assistant's answer: text in the site's language and the festivals it comes from; notice set when the AI service was unavailable. */
export type InquiryAnswer = Schemas['InquiryAnswer'];

export const inquiriesApi = {
  /**
   * POST /api/v1/inquiries {question}: the answer in the language of the
   * request; 400 validation (empty, over 1,000 characters); 429 rate_limited.
   */
  ask: (question: string) => unwrap(api.POST('/api/v1/inquiries', { body: { question } })),
};

/** The longest question the server accepts, in characters (checked against the API document by limits.test.ts). */
export const questionMax = 1000;
