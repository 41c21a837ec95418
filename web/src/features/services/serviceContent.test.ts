import { describe, expect, it } from 'vitest';
import { loadPageContent } from '../../i18n/pageContent';
import { serviceSlug, withSlugs, type ServicesContent } from './serviceContent';

const en = (await loadPageContent('services', 'en')) as ServicesContent;
const ja = (await loadPageContent('services', 'ja')) as ServicesContent;

describe('serviceSlug', () => {
  it('lower-cases the title and turns spaces into hyphens', () => {
    expect(serviceSlug('Custom Software Development')).toBe('custom-software-development');
    expect(serviceSlug(' Tax  Consultation ')).toBe('tax-consultation');
  });
  it('gives the four slugs of the English sections', () => {
    expect(en.sections.map((s) => serviceSlug(s.title))).toEqual([
      'technology-solutions',
      'security-services',
      'tax-consultation',
      'custom-software-development',
    ]);
  });
  it('takes slugs from English whatever the language', () => {
    const slugs = withSlugs(ja.sections, en.sections).map((s) => s.slug);
    expect(slugs).toEqual(en.sections.map((s) => serviceSlug(s.title)));
  });
});
