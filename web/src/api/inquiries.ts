import { ApiError, api, unwrap, type Schemas } from './client';
import type { paths } from './schema';

/** One festival the assistant's answer is drawn from, linking to /festival/{slug} (marquee.InquiryFestival). */
export type InquiryFestival = Schemas['InquiryFestival'];

/** The assistant's answer: text in the site's language and the festivals it comes from; notice set when the AI service was unavailable. */
export type InquiryAnswer = Schemas['InquiryAnswer'];

/** One earlier turn of a conversation: a question asked or an answer's text (marquee.InquiryTurn). */
export type InquiryTurn = Schemas['InquiryTurn'];

/** The most earlier turns a question may carry (the server refuses more; limits.test.ts checks it against the API document). */
export const historyMax = 6;
/** The longest earlier turn the server accepts, in characters (checked as historyMax is). */
export const turnMax = 2000;

/** What a streamed answer hands over as it comes. */
export interface InquiryStreamHandlers {
  /** More of the answer's text. */
  onText: (delta: string) => void;
  /** The whole answer, replacing any text before it (the data-only answer; notice set when it is a fallback). */
  onAnswer: (answer: string, notice?: string) => void;
  /** The festivals the answer carries. */
  onFestivals: (festivals: InquiryFestival[]) => void;
}

/** dispatch hands one server-sent event to handlers; true at 'done'. */
function dispatch(event: string, data: string, handlers: InquiryStreamHandlers): boolean {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(data) as Record<string, unknown>;
  } catch {
    throw new ApiError(0, { message: 'Malformed answer', code: 'network' });
  }
  switch (event) {
    case 'text':
      handlers.onText(typeof body.delta === 'string' ? body.delta : '');
      return false;
    case 'answer':
      handlers.onAnswer(typeof body.answer === 'string' ? body.answer : '', typeof body.notice === 'string' ? body.notice : undefined);
      return false;
    case 'festivals':
      handlers.onFestivals(Array.isArray(body.festivals) ? (body.festivals as InquiryFestival[]) : []);
      return false;
    case 'error':
      throw new ApiError(typeof body.status === 'number' ? body.status : 500, {
        message: typeof body.message === 'string' ? body.message : 'HTTP 500',
        code: typeof body.code === 'string' ? body.code : undefined,
      });
    case 'done':
      return true;
    default:
      return false;
  }
}

export const inquiriesApi = {
  /**
   * POST /api/v1/inquiries {question}: the answer in the language of the
   * request; 400 validation (empty, over 1,000 characters); 429 rate_limited.
   */
  ask: (question: string) => unwrap(api.POST('/api/v1/inquiries', { body: { question } })),
  /**
   * POST /api/v1/inquiries/stream {question, history}: the answer as
   * server-sent events (text deltas, or one whole answer; then the
   * festivals and done), handed to handlers as they come. Resolves at
   * 'done'; rejects with ApiError (400, 429 and the like before the
   * stream, an error event during it, status 0 when the connection
   * breaks) or, when signal aborts (the Stop button), with the fetch's
   * AbortError, which also ends the server's work.
   */
  stream: async (question: string, history: InquiryTurn[], signal: AbortSignal, handlers: InquiryStreamHandlers): Promise<void> => {
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
    const lang = document.documentElement.lang;
    if (lang) headers['Accept-Language'] = lang;
    // The events are read as they come, which openapi-fetch (it parses a
    // whole body) does not do: the path and the body are still the API
    // document's (paths, Schemas['InquiryStreamRequest']).
    const path: keyof paths = '/api/v1/inquiries/stream';
    const request: Schemas['InquiryStreamRequest'] = { question, history };
    let res: Response;
    try {
      res = await fetch(path, {
        method: 'POST',
        headers,
        credentials: 'same-origin',
        body: JSON.stringify(request),
        signal,
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ApiError(0, { message: 'Network error', code: 'network' });
    }
    if (!res.ok || !res.body) {
      let body: Partial<{ message: string; code: string; fields: Record<string, string> }> = {};
      try {
        body = (await res.json()) as typeof body;
      } catch {
        // Not JSON: the status alone.
      }
      throw new ApiError(res.status, {
        message: typeof body.message === 'string' ? body.message : `HTTP ${res.status}`,
        code: body.code,
        fields: body.fields,
      });
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          if (signal.aborted) throw err;
          throw new ApiError(0, { message: 'Network error', code: 'network' });
        }
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length > 0 && dispatch(event, data.join('\n'), handlers)) return;
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
    if (signal.aborted) throw new DOMException('The answer was stopped', 'AbortError');
    throw new ApiError(0, { message: 'Network error', code: 'network' });
  },
};

/** The longest question the server accepts, in characters (checked against the API document by limits.test.ts). */
export const questionMax = 1000;
