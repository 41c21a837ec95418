import { describe, expect, it } from 'vitest';
import { documentLimit } from '../../api/openapiLimits';
import { editorLimits } from './editorSchema';
import { detailsLimits } from './schema';

// The festival forms' limits are the server's (marquee.FestivalDetails, Category, Criterion), read from the API document.
describe('festival form limits', () => {
  it.each([
    [detailsLimits.name.min, 'FestivalDetails', 'name', 'minLength'],
    [detailsLimits.name.max, 'FestivalDetails', 'name', 'maxLength'],
    [detailsLimits.description.max, 'FestivalDetails', 'description', 'maxLength'],
    [detailsLimits.location.max, 'FestivalDetails', 'location', 'maxLength'],
    [detailsLimits.city.max, 'FestivalDetails', 'city', 'maxLength'],
    [detailsLimits.website.max, 'FestivalDetails', 'website', 'maxLength'],
    [detailsLimits.email.max, 'FestivalDetails', 'contactEmail', 'maxLength'],
    [editorLimits.categories, 'FestivalCategoriesUpdate', 'categories', 'maxItems'],
    [editorLimits.categoryName, 'Category', 'name', 'maxLength'],
    [editorLimits.categoryDescription, 'Category', 'description', 'maxLength'],
    [editorLimits.feeMax, 'Deadline', 'fee', 'maximum'],
    [editorLimits.criteria, 'FestivalCriteriaUpdate', 'criteria', 'maxItems'],
    [editorLimits.criterionName, 'Criterion', 'name', 'maxLength'],
    [editorLimits.weightMax, 'Criterion', 'weight', 'maximum'],
    [editorLimits.maxScoreMax, 'Criterion', 'maxScore', 'maximum'],
  ] as const)('%i is %s.%s %s', (value, schema, field, keyword) => {
    expect(value).toBe(documentLimit(schema, field, keyword));
  });
});
