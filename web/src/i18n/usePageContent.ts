import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loadPageContent, type PageContent } from './pageContent';

/**
 * usePageContent loads one page's texts in the current language (see
 * loadPageContent for the fallback rules). `content` is null when the page
 * has nothing to show.
 */
export function usePageContent<T extends PageContent = PageContent>(page: string) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({
    queryKey: ['page-content', page, language],
    queryFn: () => loadPageContent(page, language),
    staleTime: Infinity,
  });
  return { content: (query.data ?? null) as T | null, isLoading: query.isPending };
}
