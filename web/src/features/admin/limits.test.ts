import { describe, expect, it } from 'vitest';
import { documentLimit } from '../../api/openapiLimits';
import { creditLimits, packageLimits } from './adminEditSchemas';

// The admin forms' limits are the server's (marquee.CreditAdjustment, PackageUpdate, PackageText), read from the API document.
describe('admin form limits', () => {
  it.each([
    [creditLimits.max, 'CreditAdjustment', 'delta', 'maximum'],
    [-creditLimits.max, 'CreditAdjustment', 'delta', 'minimum'],
    [creditLimits.reason, 'CreditAdjustment', 'reason', 'maxLength'],
    [packageLimits.priceCents, 'PackageUpdate', 'priceCents', 'maximum'],
    [packageLimits.credits, 'PackageUpdate', 'credits', 'maximum'],
    [packageLimits.position, 'PackageUpdate', 'position', 'maximum'],
    [packageLimits.name, 'PackageText', 'name', 'maxLength'],
    [packageLimits.description, 'PackageText', 'description', 'maxLength'],
    [packageLimits.features, 'PackageText', 'features', 'maxItems'],
    [packageLimits.feature, 'PackageText', 'features[]', 'maxLength'],
  ] as const)('%i is %s.%s %s', (value, schema, field, keyword) => {
    expect(value).toBe(documentLimit(schema, field, keyword));
  });
});
