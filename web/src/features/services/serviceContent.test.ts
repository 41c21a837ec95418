import { describe, expect, it } from 'vitest';
import en from '../../content/en/services.json';
import ja from '../../content/ja/services.json';
import { serviceSlug, withSlugs, type ServiceSection } from './serviceContent';

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
    const slugs = withSlugs(ja.sections as ServiceSection[], en.sections as ServiceSection[]).map((s) => s.slug);
    expect(slugs).toEqual(en.sections.map((s) => serviceSlug(s.title)));
  });
});
