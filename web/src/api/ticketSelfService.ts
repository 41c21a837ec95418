import { api, unwrap, type Schemas } from './client';

/** A festival's rule for buyers' own cancellations (enabled false: none allowed). */
export type CancellationPolicy = Schemas['CancellationPolicy'];

/** What a buyer's paid order may get back if cancelled now, and until when. */
export type SelfCancelQuote = Schemas['SelfCancelQuote'];

/** The organiser's rule and the buyer's cancellation (issue 27). */
export const ticketSelfServiceApi = {
  /** GET /api/v1/manage/festivals/{slug}/cancellation-policy. */
  policy: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/cancellation-policy', { params: { path: { slug } } })),
  /** PUT /api/v1/manage/festivals/{slug}/cancellation-policy. */
  setPolicy: (slug: string, body: CancellationPolicy) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/cancellation-policy', { params: { path: { slug } }, body })),
  /** POST /api/v1/ticket-orders/{id}/self-cancel: refunded by the festival's rule. */
  cancel: (id: number) => unwrap(api.POST('/api/v1/ticket-orders/{id}/self-cancel', { params: { path: { id } } })),
};
