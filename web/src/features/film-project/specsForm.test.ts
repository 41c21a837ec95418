import { describe, expect, it } from 'vitest';
import { moveId, splitList, toSpecs, toValues } from './specsForm';
import type { FilmSpecs } from '../../api/filmProjects';

const saved: FilmSpecs = {
  trailerUrl: 'https://vimeo.example/t',
  completionDate: '2025-10-01',
  aspectRatio: '2.39:1',
  sound: '5.1',
  shootingFormat: '16 mm',
  languages: ['Japanese', 'English'],
  subtitles: [],
  firstTime: true,
  student: false,
  premiere: 'world',
  history: [{ festival: 'Busan Shorts', year: 2025, award: '' }],
};

describe('specs form', () => {
  it('round-trips saved specs', () => {
    expect(toSpecs(toValues(saved))).toEqual(saved);
  });

  it('splits lists on commas, ideographic commas and lines', () => {
    expect(splitList('日本語、英語, French\n  \nGerman,')).toEqual(['日本語', '英語', 'French', 'German']);
  });

  it('drops empty history rows and sends an unreadable year as 0 for the server to refuse', () => {
    const v = toValues(saved);
    v.history = [
      { festival: ' ', year: '', award: '' },
      { festival: 'Oslo Docs', year: 'twenty', award: ' Jury ' },
    ];
    expect(toSpecs(v).history).toEqual([{ festival: 'Oslo Docs', year: 0, award: 'Jury' }]);
  });

  it('moves a still up and down, never past the ends', () => {
    expect(moveId([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
