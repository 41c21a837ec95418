import { Container, Text } from '@mantine/core';
import { PageContentGate } from '../../content/PageState';
import { usePageContent } from '../../content/usePageContent';
import { usePageMeta } from '../../content/usePageMeta';
import type { IconName } from '../shared-pages/icons';
import { PageHero } from '../shared-pages/PageHero';
import { PageSection } from '../shared-pages/PageSection';
import { Picture } from '../shared-pages/Picture';
import { StatGrid } from '../shared-pages/StatGrid';
import RealFigures from '../promotion/RealFigures';
import type { ContentImage, Meta, Stat, TitledText } from '../shared-pages/types';
import classes from '../shared-pages/pages.module.css';
import { IconCard } from '../shared-pages/IconCard';

export type AboutContent = {
  meta: Meta;
  hero: { eyebrow: string; title: string; subtitle: string; image: ContentImage };
  stats: { title: string; items: Stat[] };
  story: { title: string; paragraphs: string[]; image: ContentImage };
  mission: { title: string; content: string; slogan: string };
  values: { title: string; subtitle: string; items: TitledText[] };
}

const valueIcons: IconName[] = ['heart', 'globe', 'shield', 'star'];

export default function AboutPage() {
  const { content, isLoading } = usePageContent<AboutContent>('about');
  usePageMeta(content?.meta.title, content?.meta.description);
  return (
    <Container size="lg" className={classes.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {(c) => (
          <>
            <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} subtitle={c.hero.subtitle} image={c.hero.image} />

            <PageSection title={c.stats.title}>
              <RealFigures>
                <StatGrid stats={c.stats.items} />
              </RealFigures>
            </PageSection>

            <PageSection title={c.story.title}>
              <div className={`${classes.split} ${classes.sectionBody}`}>
                <div className={classes.prose}>
                  {c.story.paragraphs.map((p) => (
                    <Text key={p} component="p" m={0} lh={1.75}>
                      {p}
                    </Text>
                  ))}
                </div>
                <Picture src={c.story.image.src} alt={c.story.image.alt} width={480} height={360} className={classes.heroImage} />
              </div>
            </PageSection>

            <PageSection title={c.mission.title} tone="tinted">
              <Text className={classes.prose} mt="md">
                {c.mission.content}
              </Text>
              <p className={classes.slogan}>{c.mission.slogan}</p>
            </PageSection>

            <PageSection title={c.values.title} subtitle={c.values.subtitle}>
              <ul className={classes.cardGrid}>
                {c.values.items.map((v, i) => (
                  <li key={v.title}>
                    <IconCard icon={valueIcons[i % valueIcons.length]} title={v.title} body={v.description} />
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
