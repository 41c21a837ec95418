import { describe, expect, it } from 'vitest';
import { documentLimit } from '../../api/openapiLimits';
import { festivalNameMax } from './prefill';

// The reminder form's limit is the server's (marquee.NewReminder), read from the API document.
describe('reminder limits', () => {
  it('are the API document', () => {
    expect(festivalNameMax).toBe(documentLimit('NewReminder', 'festivalName', 'maxLength'));
  });
});
