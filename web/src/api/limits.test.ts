import { describe, expect, it } from 'vitest';
import { filmLimits } from './films';
import { historyMax, questionMax, turnMax } from './inquiries';
import { documentLimit } from './openapiLimits';
import { submissionEntriesMax } from './submissions';

// The limits the API client's forms use are the server's, read from the API document.
describe('the API client limits', () => {
  it.each([
    [filmLimits.title, 'FilmDetails', 'title', 'maxLength'],
    [filmLimits.title, 'FilmDetails', 'originalTitle', 'maxLength'],
    [filmLimits.logline, 'FilmDetails', 'logline', 'maxLength'],
    [filmLimits.synopsis, 'FilmDetails', 'synopsis', 'maxLength'],
    [filmLimits.runtime, 'FilmDetails', 'runtimeMinutes', 'maximum'],
    [filmLimits.genre, 'FilmDetails', 'genre', 'maxLength'],
    [filmLimits.language, 'FilmDetails', 'language', 'maxLength'],
    [filmLimits.director, 'FilmDetails', 'director', 'maxLength'],
    [filmLimits.credits, 'FilmDetails', 'credits', 'maxItems'],
    [filmLimits.creditName, 'FilmCredit', 'name', 'maxLength'],
    [filmLimits.creditRole, 'FilmCredit', 'role', 'maxLength'],
    [filmLimits.screener, 'FilmDetails', 'screenerUrl', 'maxLength'],
    [filmLimits.screener, 'FilmDetails', 'screenerPassword', 'maxLength'],
    [questionMax, 'InquiryRequest', 'question', 'maxLength'],
    [questionMax, 'InquiryStreamRequest', 'question', 'maxLength'],
    [historyMax, 'InquiryStreamRequest', 'history', 'maxItems'],
    [turnMax, 'InquiryTurn', 'text', 'maxLength'],
    [submissionEntriesMax, 'NewSubmission', 'entries', 'maxItems'],
  ] as const)('%i is %s.%s %s', (value, schema, field, keyword) => {
    expect(value).toBe(documentLimit(schema, field, keyword));
  });

  it('throws for a limit the document lacks', () => {
    expect(() => documentLimit('FilmDetails', 'title', 'minimum')).toThrow(/FilmDetails.title/);
  });
});
