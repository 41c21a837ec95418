import { Container, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageContentGate } from './PageState';
import type { PageContent } from '../../i18n/pageContent';
import { usePageContent } from '../../i18n/usePageContent';
import { PageHero } from './PageHero';
import pageClasses from './pages.module.css';

/** The opening that every text-led information page's content starts with. */
export interface ContentPageHead {
  eyebrow: string;
  title: string;
  subtitle: string;
  intro: string[];
}

/**
 * ContentPage loads a page's texts (spinner, then the page or 'Content not
 * available') and lays out what such pages share: the hero and the intro
 * paragraphs, then the page's own body. `reading` sets everything below the
 * hero in one centred column of reading width (the legal pages).
 */
export function ContentPage<T extends ContentPageHead & PageContent>({
  page,
  reading = false,
  children,
}: {
  /** The content file's name: src/content/{lang}/{page}.json. */
  page: string;
  reading?: boolean;
  children: (content: T) => ReactNode;
}) {
  const { content, isLoading } = usePageContent<T>(page);
  return (
    <Container size="lg" className={pageClasses.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {(c) => {
          const intro = (
            <Stack gap="sm" maw={reading ? undefined : 760}>
              {c.intro.map((p, i) => (
                <Text key={i}>{p}</Text>
              ))}
            </Stack>
          );
          return (
            <Stack gap="xl">
              <PageHero eyebrow={c.eyebrow} title={c.title} subtitle={c.subtitle} />
              {reading ? (
                <Stack gap="xl" maw={800} w="100%" mx="auto">
                  {intro}
                  {children(c)}
                </Stack>
              ) : (
                <>
                  {intro}
                  {children(c)}
                </>
              )}
            </Stack>
          );
        }}
      </PageContentGate>
    </Container>
  );
}
