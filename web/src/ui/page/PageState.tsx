import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** PageLoading is the spinner every content page shows while its texts load. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" mih={240}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** ContentNotAvailable is shown when a page has no content in any language. */
export function ContentNotAvailable() {
  const { t } = useTranslation();
  return (
    <Center py="xl" mih={240}>
      <Text c="dimmed" data-testid="content-not-available">
        {t('common.contentNotAvailable')}
      </Text>
    </Center>
  );
}

/**
 * PageContentGate renders the loading and 'Content not available' states and
 * hands loaded content to its child.
 */
export function PageContentGate<T>({
  content,
  isLoading,
  children,
}: {
  content: T | null;
  isLoading: boolean;
  children: (content: T) => ReactNode;
}) {
  if (isLoading) return <PageLoading />;
  if (!content) return <ContentNotAvailable />;
  return <>{children(content)}</>;
}
