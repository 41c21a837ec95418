import { Container, Text } from '@mantine/core';
import { PageContentGate } from '../../ui/page/PageState';
import { usePageContent } from '../../i18n/usePageContent';
import { usePageMeta } from '../../lib/usePageMeta';
import type { IconName } from '../../ui/page/icons';
import { PageHero } from '../../ui/page/PageHero';
import { PageSection } from '../../ui/page/PageSection';
import { Picture } from '../../ui/page/Picture';
import { StatGrid } from '../../ui/page/StatGrid';
import RealFigures from '../../ui/page/RealFigures';
import type { ContentImage, Meta, Stat, TitledText } from '../../ui/page/types';
import classes from '../../ui/page/pages.module.css';
import { IconCard } from '../../ui/page/IconCard';

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
