import { Button, Container, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContentGate } from '../../ui/page/PageState';
import { usePageContent } from '../../i18n/usePageContent';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageHero } from '../../ui/page/PageHero';
import { PageSection } from '../../ui/page/PageSection';
import { Picture } from '../../ui/page/Picture';
import type { ContentImage, Meta } from '../../ui/page/types';
import classes from '../../ui/page/pages.module.css';
import local from './blogs.module.css';

export type BlogsContent = {
  meta: Meta;
  hero: { eyebrow: string; title: string; subtitle: string; image: ContentImage };
  latestTitle: string;
  latestSubtitle: string;
  posts: { title: string; content: string; image: ContentImage; link: string }[];
}

export default function BlogsPage() {
  const { t } = useTranslation('pages');
  const { content, isLoading } = usePageContent<BlogsContent>('blogs');
  usePageMeta(content?.meta.title, content?.meta.description);
  return (
    <Container size="lg" className={classes.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {(c) => (
          <>
            <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} subtitle={c.hero.subtitle} image={c.hero.image} />
            <PageSection title={c.latestTitle} subtitle={c.latestSubtitle}>
              <ul className={classes.cardGrid}>
                {c.posts.map((post) => (
                  <li key={post.link}>
                    <article className={`${classes.card} ${local.post}`}>
                      <Picture src={post.image.src} alt={post.image.alt} width={480} height={270} className={local.cover} />
                      <div className={local.body}>
                        <Title order={3} size="h4" className={classes.cardTitle}>
                          {post.title}
                        </Title>
                        <Text className={classes.cardBody}>{post.content}</Text>
                        <Button component={Link} to={post.link} variant="light" className={classes.cardAction}>
                          {t('readMore')}
                          <span className={classes.visuallyHidden}>{t('aboutTopic', { topic: post.title })}</span>
                        </Button>
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
            </PageSection>
          </>
        )}
      </PageContentGate>
    </Container>
  );
}
