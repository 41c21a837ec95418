import { detectLanguage, languageFor } from './languages';

describe('detectLanguage', () => {
  it('prefers the saved selectedLanguage', () => {
    expect(detectLanguage('zh', ['ja-JP', 'en-US'])).toBe('zh');
  });
  it('ignores a saved value Marquee does not speak', () => {
    expect(detectLanguage('fr', ['ja-JP'])).toBe('ja');
  });
  it('uses the browser language prefix', () => {
    expect(detectLanguage(null, ['ja-JP'])).toBe('ja');
    expect(detectLanguage(null, ['zh-TW'])).toBe('zh');
    expect(detectLanguage(undefined, ['zh_CN'])).toBe('zh');
  });
  it('takes the first supported browser language', () => {
    expect(detectLanguage(null, ['de-DE', 'fr', 'ja'])).toBe('ja');
  });
  it('falls back to English', () => {
    expect(detectLanguage(null, ['de-DE', 'fr-FR'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
});

describe('languageFor', () => {
  it('maps codes to html lang values', () => {
    expect(languageFor('zh').htmlLang).toBe('zh-Hans');
    expect(languageFor('nope').code).toBe('en');
  });
});
