import { Children, Fragment, type ReactNode } from 'react';

/** Han, kana and Hangul: scripts written without spaces between words. */
const unspaced = /[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
const kana = /[\u3040-\u30ff\u31f0-\u31ff]/;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) {
    s = new Intl.Segmenter(lang, { granularity: 'word' });
    segmenters.set(lang, s);
  }
  return s;
}

/**
 * wordBreaks returns text with a line-break opportunity (<wbr>) between each
 * two words of Chinese or Japanese, as the browser's word segmentation
 * (Intl.Segmenter) finds them, and nowhere else: never before or after
 * punctuation, whose line-breaking rules (no line starting with 。) stay the
 * browser's. Headings that also say `word-break: keep-all` (styles.css) then
 * wrap between words only, as Latin text wraps at spaces, instead of between
 * any two characters (東京国際ドキュメンタ|リー映画祭). Text without Han, kana
 * or Hangul is returned as it is.
 */
export function wordBreaks(text: string): ReactNode {
  if (!unspaced.test(text) || typeof Intl.Segmenter !== 'function') return text;
  // The text's own script picks the dictionary: a Japanese festival name on
  // a Chinese page is still segmented as Japanese.
  const segments = [...segmenter(kana.test(text) ? 'ja' : 'zh').segment(text)];
  const parts: ReactNode[] = [];
  segments.forEach((s, i) => {
    const previous = segments[i - 1];
    if (previous?.isWordLike && s.isWordLike) parts.push(<wbr key={`b${i}`} />);
    parts.push(<Fragment key={i}>{s.segment}</Fragment>);
  });
  return parts;
}

/** breakWords applies wordBreaks to the strings among a heading's children. */
export function breakWords(children: ReactNode): ReactNode {
  if (typeof children === 'string') return wordBreaks(children);
  if (Array.isArray(children)) return Children.map(children, (c) => (typeof c === 'string' ? <>{wordBreaks(c)}</> : c));
  return children;
}
