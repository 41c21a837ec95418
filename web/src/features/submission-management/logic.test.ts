import { describe, expect, it } from 'vitest';
import { move, newDraft, noticeFor, optionsFromText, toDrafts, toInputs, unknownPlaceholders } from './logic';

const known = ['film', 'festival', 'category', 'award', 'filmmaker'];

describe('unknownPlaceholders', () => {
  it('accepts the known placeholders, spaces inside included', () => {
    expect(unknownPlaceholders('{{film}} at {{ festival }}', known)).toEqual([]);
  });
  it('names each unknown one once, in order', () => {
    expect(unknownPlaceholders('{{director}} {{film}} {{year}} {{director}}', known)).toEqual(['director', 'year']);
  });
  it('names an unclosed placeholder', () => {
    expect(unknownPlaceholders('Dear {{filmmaker', known)).toEqual(['{{']);
  });
});

describe('questions', () => {
  it('reads options one a line, trimmed, without blanks or repeats', () => {
    expect(optionsFromText(' DCP \n\nProRes\nDCP\n')).toEqual(['DCP', 'ProRes']);
  });
  it('sends options only for choices and keeps ids', () => {
    const ds = toDrafts([
      { id: 4, festivalId: 1, position: 0, kind: 'choice', label: 'Format', required: true, options: ['DCP', 'ProRes'] },
    ]);
    const fresh = { ...newDraft(), label: 'Premiere?', kind: 'yes_no' as const, optionsText: 'stray' };
    expect(toInputs([...ds, fresh])).toEqual([
      { id: 4, kind: 'choice', label: 'Format', required: true, options: ['DCP', 'ProRes'] },
      { id: 0, kind: 'yes_no', label: 'Premiere?', required: false, options: [] },
    ]);
  });
  it('moves within bounds only', () => {
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
  it('gives new drafts distinct keys', () => {
    expect(newDraft().key).not.toBe(newDraft().key);
  });
});

describe('noticeFor', () => {
  const all = {
    placeholders: known,
    defaults: [
      { status: 'selected' as const, language: 'ja', subject: 'default ja', body: 'b' },
      { status: 'selected' as const, language: 'en', subject: 'default en', body: 'b' },
    ],
    texts: [{ status: 'selected' as const, language: 'ja', subject: 'own ja', body: 'b' }],
  };
  it('prefers the festival’s own text, else the default', () => {
    expect(noticeFor(all, 'selected', 'ja')).toEqual({ text: all.texts[0], custom: true });
    expect(noticeFor(all, 'selected', 'en')).toEqual({ text: all.defaults[1], custom: false });
  });
});
