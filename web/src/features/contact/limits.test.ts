import { describe, expect, it } from 'vitest';
import { documentLimit } from '../../api/openapiLimits';
import { contactLimits } from './schema';

// The contact form's limits are the server's (marquee.NewContactMessage), read from the API document.
describe('contact form limits', () => {
  it.each([
    [contactLimits.name.max, 'NewContactMessage', 'name', 'maxLength'],
    [contactLimits.email.max, 'NewContactMessage', 'email', 'maxLength'],
    [contactLimits.subject.max, 'NewContactMessage', 'subject', 'maxLength'],
    [contactLimits.message.min, 'NewContactMessage', 'message', 'minLength'],
    [contactLimits.message.max, 'NewContactMessage', 'message', 'maxLength'],
  ] as const)('%i is %s.%s %s', (value, schema, field, keyword) => {
    expect(value).toBe(documentLimit(schema, field, keyword));
  });
});
