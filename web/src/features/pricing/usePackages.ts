import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { packagesApi } from '../../api/packages';
import { languageFor } from '../../i18n/languages';

/** The current language (the server localises package texts by Accept-Language) and its locale tag. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return { language, locale: languageFor(language).htmlLang };
}

/** usePackages lists the credit packages in the current language. */
export function usePackages() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ['packages', language], queryFn: packagesApi.list, staleTime: 60_000 });
}

/** usePackage loads one package; a 404 is not retried. */
export function usePackage(id: string) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ['packages', language, id],
    queryFn: () => packagesApi.get(id),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
}
