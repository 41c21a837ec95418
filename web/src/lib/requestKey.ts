/**
 * newRequestKey names one write the server must do once (an order, a bulk
 * send): a retry or a double click sends the same key and the server
 * answers the first. A UUID where the browser has one, else random hex.
 */
export function newRequestKey(): string {
  const c: Crypto = globalThis.crypto;
  // randomUUID needs a secure context (https or localhost); getRandomValues does not.
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
