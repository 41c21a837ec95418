import { request } from './client';

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
  /** GET /api/v1/admin/messages?status=open|handled|all&limit=&offset= (admins only), newest first. */
  list: (status: MessageStatus, limit: number, offset: number) =>
    request<{ messages: ContactMessage[]; total: number }>(
      'GET',
      `/api/v1/admin/messages?${new URLSearchParams({ status, limit: String(limit), offset: String(offset) })}`,
    ),
  /** PATCH /api/v1/admin/messages/{id} {handled}: marks a message handled or reopens it. */
  setHandled: (id: number, handled: boolean) =>
    request<{ message: ContactMessage }>('PATCH', `/api/v1/admin/messages/${id}`, { handled }).then((r) => r.message),
};
