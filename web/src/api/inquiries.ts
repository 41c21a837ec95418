import { request } from './client';

/** One festival the assistant's answer is drawn from, linking to /festival/{slug}. */
export interface InquiryFestival {
  slug: string;
  name: string;
  startDate: string;
  endDate: string;
  /** The organiser's free text; the cards show city and country instead. */
  location: string;
  city: string;
  /** ISO country code, '' when not given. */
  country: string;
  /** The next submission deadline, '' when submissions are closed. */
  nextDeadline: string;
  /** The lowest current fee in credits, null when closed. */
  nextFee: number | null;
}

/** The assistant's answer: text in the site's language and the festivals it comes from. */
export interface InquiryAnswer {
  answer: string;
  festivals: InquiryFestival[];
  /** Set when the AI service was unavailable and the answer comes from Marquee's data only. */
  notice?: string;
}

/** The longest question the server accepts, in characters. */
export const questionMax = 1000;

export const inquiriesApi = {
  /**
   * POST /api/v1/inquiries {question}: the answer in the language of the
   * request; 400 validation (empty, over 1,000 characters); 429 rate_limited.
   */
  ask: (question: string) => request<InquiryAnswer>('POST', '/api/v1/inquiries', { question }),
};
