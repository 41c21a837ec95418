import { Button, Container, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { Link } from 'react-router';
import { PageContentGate } from '../../ui/page/PageState';
import { usePageContent } from '../../i18n/usePageContent';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageHero } from '../../ui/page/PageHero';
import { Picture } from '../../ui/page/Picture';
import type { ContentImage, Meta } from '../../ui/page/types';
import classes from '../../ui/page/pages.module.css';
import { MovieGrid } from './MovieGrid';
import local from './movies.module.css';

export type MoviesContent = {
  meta: Meta;
  eyebrow: string;
  title: string;
  intro: string;
  empty: {
    title: string;
    description: string;
    image: ContentImage;
    festivalsLink: string;
    marketingLink: string;
  };
}

/**
 * MoviesPage ('Lists' in the footer): 'Discover Cinematic Gems', a grid of
 * popular movies (The Movie Database's when the server has a key, else the
 * films listed on Marquee), 20 at a time. With no films at all it says so
 * plainly and points to festivals.
 */
export default function MoviesPage() {
  const { content, isLoading } = usePageContent<MoviesContent>('movies');
  usePageMeta(content?.meta.title, content?.meta.description);
  return (
    <Container size="lg" className={classes.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {(c) => (
          <>
            <PageHero eyebrow={c.eyebrow} title={c.title} subtitle={c.intro} />
            <MovieGrid empty={<EmptyMovies empty={c.empty} />} />
          </>
        )}
      </PageContentGate>
    </Container>
  );
}

/** EmptyMovies is the page's state when no film is listed (and no movie database is configured). */
function EmptyMovies({ empty }: { empty: MoviesContent['empty'] }) {
  return (
    <section className={local.empty} aria-labelledby="movies-empty" data-testid="movies-empty">
      <Picture src={empty.image.src} alt={empty.image.alt} width={320} height={200} className={local.art} />
      <Title order={2} id="movies-empty" className={classes.sectionTitle}>
        {empty.title}
      </Title>
      <Text c="gray.7" className={local.text}>
        {empty.description}
      </Text>
      <div className={local.actions}>
        <Button component={Link} to="/festivals">
          {empty.festivalsLink}
        </Button>
        <Button component={Link} to="/marketing" variant="outline">
          {empty.marketingLink}
        </Button>
      </div>
    </section>
  );
}
