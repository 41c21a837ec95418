import { api, unwrap, type Schemas } from './client';

/** What a visitor sends through the contact form (marquee.NewContactMessage). `website` is the honeypot and must stay empty. */
export type ContactInput = Schemas['NewContactMessage'];

/** A stored contact message as admins see it. */
export type ContactMessage = Schemas['ContactMessage'];

/** The admin list's filter: a message status, or every message. */
export type MessageStatus = 'open' | 'handled' | 'all';

export const contactApi = {
  /** POST /api/v1/contact: 201 {message}; 400 validation with fields; 429 rate_limited. */
  send: (input: ContactInput) => unwrap(api.POST('/api/v1/contact', { body: input })),
};

export const adminMessagesApi = {
  /** GET /api/v1/admin/messages?status=open|handled|all&page= (admins only), newest first, 50 a page. */
  list: (status: MessageStatus, page: number) =>
    unwrap(api.GET('/api/v1/admin/messages', { params: { query: { status, page } } })),
  /** PATCH /api/v1/admin/messages/{id} {handled}: marks a message handled or reopens it. */
  setHandled: (id: number, handled: boolean) =>
    unwrap(api.PATCH('/api/v1/admin/messages/{id}', { params: { path: { id } }, body: { handled } })).then((r) => r.message),
};
