import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, authApi, unwrap } from './client';
import { filmsApi } from './films';

// The server refuses (415) an API write whose body is not sent as
// application/json, so a cross-site form post can never reach it: the one
// client must label every JSON body, and send none on calls without one.
describe('the API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.lang = '';
  });

  function stubFetch(status = 200, body: string | null = '{}') {
    const fn = vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fn);
    return fn;
  }

  function sent(fn: ReturnType<typeof stubFetch>) {
    const [url, init] = fn.mock.calls[0] as unknown as [string, RequestInit];
    return { url, method: init.method, headers: init.headers as Record<string, string>, body: init.body };
  }

  const calls: [string, () => Promise<unknown>][] = [
    ['POST', () => unwrap(api.POST('/api/v1/contact', { body: { name: 'Ann', email: 'a@example.com', subject: 'Hi', message: 'Ten chars!' } }))],
    ['PUT', () => unwrap(api.PUT('/api/v1/manage/festivals/{slug}/time-zone', { params: { path: { slug: 'days' } }, body: { timeZone: 'Asia/Tokyo' } }))],
    ['PATCH', () => unwrap(api.PATCH('/api/v1/admin/messages/{id}', { params: { path: { id: 3 } }, body: { handled: true } }))],
  ];
  it.each(calls)('labels a JSON body of %s as application/json', async (method, call) => {
    const fn = stubFetch();
    await call();
    const s = sent(fn);
    expect(s.method).toBe(method);
    expect(s.headers['Content-Type']).toBe('application/json');
    expect(typeof s.body).toBe('string');
    expect(JSON.parse(String(s.body))).toBeTypeOf('object');
  });

  it('sends the path with its parameters filled in, and the query', async () => {
    const fn = stubFetch();
    await unwrap(api.GET('/api/v1/manage/festivals/{slug}/activity', { params: { path: { slug: 'a b' }, query: { page: 2 } } }));
    expect(sent(fn).url).toBe('/api/v1/manage/festivals/a%20b/activity?page=2');
  });

  it('sends no body and no Content-Type when there is no body', async () => {
    const fn = stubFetch(204, null);
    await authApi.logOut();
    const { headers, body, method } = sent(fn);
    expect(method).toBe('POST');
    expect(headers['Content-Type']).toBeUndefined();
    expect(body).toBeUndefined();
  });

  it('sends a file as its own type, never as a form', async () => {
    const fn = stubFetch(200, '{"film":{}}');
    await filmsApi.uploadPoster(1, new Blob(['x'], { type: 'image/png' }));
    expect(sent(fn).headers['Content-Type']).toBe('image/png');
    expect(sent(fn).body).toBeInstanceOf(Blob);
    const fn2 = stubFetch(200, '{"film":{}}');
    await filmsApi.uploadPoster(1, new Blob(['x']));
    expect(sent(fn2).headers['Content-Type']).toBe('application/octet-stream');
  });

  it('asks for answers in the page language', async () => {
    document.documentElement.lang = 'ja';
    const fn = stubFetch(200, '{"packages":[]}');
    await unwrap(api.GET('/api/v1/packages'));
    expect(sent(fn).headers['Accept-Language']).toBe('ja');
  });

  it('turns an error answer into an ApiError with the message, code and fields', async () => {
    stubFetch(400, '{"message":"Title is required","code":"invalid","fields":{"title":"Title is required"}}');
    const err = await filmsApi.create({} as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'invalid', message: 'Title is required', fields: { title: 'Title is required' } });
  });

  it('turns a failed fetch into a network ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await authApi.me().catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'network' });
  });
});
