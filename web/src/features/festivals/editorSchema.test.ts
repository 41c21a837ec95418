import { describe, expect, it } from 'vitest';
import {
  categoryDrafts,
  categoryInputs,
  criterionInputs,
  newCategoryDraft,
  newCriterionDraft,
  validateCategories,
  validateCriteria,
  type CategoryDraft,
} from './editorSchema';

const start = '2030-06-05';

function category(over: Partial<CategoryDraft> = {}): CategoryDraft {
  const c = newCategoryDraft();
  return {
    ...c,
    name: 'Short film',
    tiers: { early: { date: '2030-01-10', fee: 20 }, regular: { date: '2030-03-01', fee: 30 }, late: { date: '', fee: '' } },
    ...over,
  };
}

describe('categories', () => {
  it('round-trips the API shape and leaves empty tiers out', () => {
    const drafts = categoryDrafts([
      {
        id: 4,
        name: 'Documentary',
        description: 'Real life',
        deadlines: [{ tier: 'regular', date: '2030-02-01', fee: 15 }],
        current: null,
      },
    ]);
    expect(drafts[0].tiers.early).toEqual({ date: '', fee: '' });
    expect(categoryInputs(drafts)).toEqual([
      { id: 4, name: 'Documentary', description: 'Real life', deadlines: [{ tier: 'regular', date: '2030-02-01', fee: 15 }] },
    ]);
    expect(categoryInputs([category({ name: ' New ' })])[0]).not.toHaveProperty('id');
  });

  it('accepts good rows', () => {
    expect(validateCategories([category()], start)).toEqual({});
  });

  it('refuses two categories of the same name, ignoring case', () => {
    expect(validateCategories([category({ name: 'Short' }), category({ name: ' short ' })], start)).toEqual({
      'categories.1.name': { key: 'categoryName.duplicate' },
    });
  });

  it('keys errors like the server does', () => {
    const errors = validateCategories(
      [
        category(),
        category({
          name: '',
          tiers: {
            early: { date: '2030-03-01', fee: -1 },
            regular: { date: '2030-02-01', fee: '' },
            late: { date: '2030-06-05', fee: 5 },
          },
        }),
        category({ name: 'Animation', tiers: { early: { date: '', fee: '' }, regular: { date: '', fee: '' }, late: { date: '', fee: 3 } } }),
        category({ name: 'Music video', tiers: { early: { date: '', fee: '' }, regular: { date: '', fee: '' }, late: { date: '', fee: '' } } }),
      ],
      start,
    );
    expect(errors).toEqual({
      'categories.1.name': { key: 'categoryName.required' },
      'categories.1.deadlines.early.fee': { key: 'fee.range' },
      'categories.1.deadlines.regular.fee': { key: 'fee.required' },
      'categories.1.deadlines.regular.date': { key: 'deadlineDate.order' },
      'categories.1.deadlines.late.date': { key: 'deadlineDate.afterStart' },
      'categories.2.deadlines.late.date': { key: 'deadlineDate.required' },
      'categories.3.deadlines': { key: 'deadlines.required' },
    });
  });
});

describe('criteria', () => {
  it('accepts good rows and refuses zero weights and empty names', () => {
    expect(validateCriteria([{ ...newCriterionDraft(), name: 'Story' }])).toEqual({});
    expect(validateCriteria([{ ...newCriterionDraft(), name: ' ', weight: 0, maxScore: '' }])).toEqual({
      'criteria.0.name': { key: 'criterionName.required' },
      'criteria.0.weight': { key: 'weight.range' },
      'criteria.0.maxScore': { key: 'maxScore.range' },
    });
    expect(validateCriteria([{ ...newCriterionDraft(), name: 'Story' }, { ...newCriterionDraft(), name: 'STORY' }])).toEqual({
      'criteria.1.name': { key: 'criterionName.duplicate' },
    });
    expect(criterionInputs([{ key: 'k', id: 2, name: ' Story ', weight: 3, maxScore: 10 }])).toEqual([
      { id: 2, name: 'Story', weight: 3, maxScore: 10 },
    ]);
  });
});
