import { api, unwrap, type Schemas } from './client';

/** A festival whose door the signed-in user staffs. */
export type DoorFestival = Schemas['DoorFestival'];

/**
 * GET /api/v1/me/door-festivals: the festivals where the signed-in user is
 * door staff (the header links their check-in pages). Kept apart from the
 * tickets client so that the header carries only this call.
 */
export const doorFestivals = () => unwrap(api.GET('/api/v1/me/door-festivals')).then((r) => r.items);
