import { loadPageContent, type ContentLoaders } from './pageContent';

const ok = (value: unknown) => () => Promise.resolve(value);
const fail = () => Promise.reject(new Error('network'));

describe('loadPageContent', () => {
  it('returns the page in the requested language', async () => {
    const loaders: ContentLoaders = { '../content/ja/about.json': ok({ title: '概要' }), '../content/en/about.json': ok({ title: 'About' }) };
    expect(await loadPageContent('about', 'ja', loaders)).toEqual({ title: '概要' });
  });
  it('falls back to English when the language fails to load', async () => {
    const loaders: ContentLoaders = { '../content/zh/about.json': fail, '../content/en/about.json': ok({ title: 'About' }) };
    expect(await loadPageContent('about', 'zh', loaders)).toEqual({ title: 'About' });
  });
  it('falls back to English when the language lacks the page', async () => {
    const loaders: ContentLoaders = { '../content/en/about.json': ok({ title: 'About' }) };
    expect(await loadPageContent('about', 'ja', loaders)).toEqual({ title: 'About' });
  });
  it('falls back to English when the language has an empty page', async () => {
    const loaders: ContentLoaders = { '../content/ja/about.json': ok({}), '../content/en/about.json': ok({ title: 'About' }) };
    expect(await loadPageContent('about', 'ja', loaders)).toEqual({ title: 'About' });
  });
  it('returns null when no language has content', async () => {
    expect(await loadPageContent('nothing', 'ja', {})).toBeNull();
    expect(await loadPageContent('about', 'en', { '../content/en/about.json': ok({}) })).toBeNull();
  });
  it('returns null when English fails too', async () => {
    expect(await loadPageContent('about', 'ja', { '../content/ja/about.json': fail, '../content/en/about.json': fail })).toBeNull();
  });
  it('does not load English twice for English', async () => {
    let calls = 0;
    const loaders: ContentLoaders = { '../content/en/about.json': () => { calls++; return Promise.reject(new Error('x')); } };
    expect(await loadPageContent('about', 'en', loaders)).toBeNull();
    expect(calls).toBe(1);
  });
});
