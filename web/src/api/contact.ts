import { request, type Page } from './client';

/** What a visitor sends through the contact form. `website` is the honeypot and must stay empty. */
export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  website: string;
}

/** A stored contact message as admins see it. */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
}

export type MessageStatus = 'open' | 'handled' | 'all';

export const contactApi = {
  /** POST /api/v1/contact: 201 {message}; 400 validation with fields; 429 rate_limited. */
  send: (input: ContactInput) => request<{ message: string }>('POST', '/api/v1/contact', input),
};

export const adminMessagesApi = {
  /** GET /api/v1/admin/messages?status=open|handled|all&page= (admins only), newest first, 50 a page. */
  list: (status: MessageStatus, page: number) =>
    request<Page<ContactMessage>>('GET', `/api/v1/admin/messages?${new URLSearchParams({ status, page: String(page) })}`),
  /** PATCH /api/v1/admin/messages/{id} {handled}: marks a message handled or reopens it. */
  setHandled: (id: number, handled: boolean) =>
    request<{ message: ContactMessage }>('PATCH', `/api/v1/admin/messages/${id}`, { handled }).then((r) => r.message),
};
