import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wordBreaks } from './Words';

function breaks(text: string): string[] {
  const { container, unmount } = render(
    <h1>{wordBreaks(text)}</h1>,
  );
  // The text between the <wbr> elements.
  const parts = container.querySelector('h1')!.innerHTML.split('<wbr>');
  unmount();
  return parts;
}

describe('wordBreaks', () => {
  it('puts a break opportunity between Japanese words and nowhere inside one', () => {
    const parts = breaks('東京国際ドキュメンタリー映画祭');
    expect(parts.join('')).toBe('東京国際ドキュメンタリー映画祭');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts).toContain('ドキュメンタリー');
  });

  it('segments Chinese as Chinese, and a Japanese name as Japanese whatever the page', () => {
    expect(breaks('让每部电影找到属于它的电影节').length).toBeGreaterThan(1);
    expect(breaks('让每部电影找到属于它的电影节').join('')).toBe('让每部电影找到属于它的电影节');
  });

  it('never breaks next to punctuation, and leaves Latin text alone', () => {
    const parts = breaks('映画祭、開催。');
    for (const p of parts) expect(p).not.toMatch(/^[、。]/);
    expect(breaks('Technology Solutions')).toEqual(['Technology Solutions']);
  });
});
