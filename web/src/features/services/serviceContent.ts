import { useQuery } from '@tanstack/react-query';
import { loadPageContent } from '../../i18n/pageContent';
import { usePageContent } from '../../i18n/usePageContent';
import { defaultLanguage } from '../../i18n/languages';
import type { Meta } from '../../ui/page/types';

export interface ServiceSection {
  title: string;
  content: string;
  details: {
    intro: string[];
    includesTitle: string;
    includes: string[];
    audienceTitle: string;
    audience: string;
    ctaTitle: string;
    ctaText: string;
  };
}

export type ServicesContent = {
  meta: Meta;
  eyebrow: string;
  title: string;
  subtitle: string;
  paragraphs: string[];
  image: { src: string; alt: string };
  sectionsTitle: string;
  sections: ServiceSection[];
  closing: string;
}

/**
 * serviceSlug turns a section title into its address: lower case, spaces
 * turned into hyphens (the seed's rule), e.g. 'Tax Consultation' ->
 * 'tax-consultation'.
 */
export function serviceSlug(title: string): string {
  return title.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * withSlugs pairs each section of the current language with the slug of the
 * English section at the same position, so /services/tax-consultation is the
 * same page in every language.
 */
export function withSlugs(sections: ServiceSection[], english: ServiceSection[] | undefined) {
  return sections.map((section, i) => ({ ...section, slug: serviceSlug(english?.[i]?.title ?? section.title) }));
}

/** useServicesContent loads the services texts in the current language, with slugs from English. */
export function useServicesContent() {
  const { content, isLoading } = usePageContent<ServicesContent>('services');
  const english = useQuery({
    queryKey: ['page-content', 'services', defaultLanguage],
    queryFn: () => loadPageContent('services', defaultLanguage),
    staleTime: Infinity,
  });
  const englishSections = (english.data as ServicesContent | null | undefined)?.sections;
  return {
    content,
    sections: content ? withSlugs(content.sections, englishSections) : [],
    isLoading: isLoading || english.isPending,
  };
}
