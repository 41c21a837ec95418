import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from './client';

// The server refuses (415) an API write whose body is not sent as
// application/json, so a cross-site form post can never reach it: the one
// client must label every JSON body, and send none on calls without one.
describe('request content types', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch() {
    const fn = vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fn);
    return fn;
  }

  function sent(fn: ReturnType<typeof stubFetch>) {
    const init = (fn.mock.calls[0] as unknown as [string, RequestInit])[1];
    return { headers: init.headers as Record<string, string>, body: init.body };
  }

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('labels a JSON body of %s as application/json', async (method) => {
    const fn = stubFetch();
    await request(method, '/api/v1/x', { name: 'Days' });
    const { headers, body } = sent(fn);
    expect(headers['Content-Type']).toBe('application/json');
    expect(body).toBe('{"name":"Days"}');
  });

  it('sends no body and no Content-Type when there is no body', async () => {
    const fn = stubFetch();
    await request('POST', '/api/v1/auth/logout');
    const { headers, body } = sent(fn);
    expect(headers['Content-Type']).toBeUndefined();
    expect(body).toBeUndefined();
  });

  it('sends a file as its own type, never as a form', async () => {
    const fn = stubFetch();
    await request('PUT', '/api/v1/films/1/poster', new Blob(['x'], { type: 'image/png' }));
    expect(sent(fn).headers['Content-Type']).toBe('image/png');
    const fn2 = stubFetch();
    await request('PUT', '/api/v1/films/1/poster', new Blob(['x']));
    expect(sent(fn2).headers['Content-Type']).toBe('application/octet-stream');
  });
});
