import { Button, Container, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContentGate } from '../../ui/page/PageState';
import { usePageContent } from '../../i18n/usePageContent';
import { usePageMeta } from '../../lib/usePageMeta';
import type { IconName } from '../../ui/page/icons';
import { PageHero } from '../../ui/page/PageHero';
import { PageSection } from '../../ui/page/PageSection';
import { Picture } from '../../ui/page/Picture';
import { QuoteCards } from '../../ui/page/QuoteCards';
import { StatGrid } from '../../ui/page/StatGrid';
import type { ContentImage, Meta, Quote, Stat, TitledText } from '../../ui/page/types';
import classes from '../../ui/page/pages.module.css';
import { IconCard } from '../../ui/page/IconCard';
import { useSession } from '../../lib/useSession';
import RealFigures from '../../ui/page/RealFigures';

export type MarketingContent = {
  meta: Meta;
  hero: { eyebrow: string; title: string; subtitle: string; image: ContentImage };
  stats: { title: string; items: Stat[] };
  why: { title: string; subtitle: string; reasons: TitledText[] };
  gallery: { title: string; subtitle: string; images: (ContentImage & { caption: string })[] };
  testimonials: { title: string; items: Quote[] };
  cta: { title: string; content: string };
}

const reasonIcons: IconName[] = ['users', 'target', 'megaphone', 'chart'];

/**
 * MarketingPage is the festival promotion page. Get Started leads an
 * organiser to the promotion screen (/manage/promotion); a visitor signs up
 * first and lands there afterwards.
 */
export default function MarketingPage() {
  const { t } = useTranslation('pages');
  const { user } = useSession();
  // Get Started: an organiser goes to the promotion screen; a visitor signs up first, then lands there.
  const start = user
    ? { to: '/manage/promotion' }
    : { to: '/signup', state: { from: { pathname: '/manage/promotion' } } };
  const { content, isLoading } = usePageContent<MarketingContent>('marketing');
  usePageMeta(content?.meta.title, content?.meta.description);
  return (
    <Container size="lg" className={classes.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {(c) => (
          <>
            <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} subtitle={c.hero.subtitle} image={c.hero.image}>
              <Button component={Link} {...start} size="md" className={classes.gold}>
                {t('getStarted')}
              </Button>
            </PageHero>

            <PageSection title={c.stats.title}>
              <RealFigures>
                <StatGrid stats={c.stats.items} />
              </RealFigures>
            </PageSection>

            <PageSection title={c.why.title} subtitle={c.why.subtitle}>
              <ul className={classes.cardGrid}>
                {c.why.reasons.map((r, i) => (
                  <li key={r.title}>
                    <IconCard icon={reasonIcons[i % reasonIcons.length]} title={r.title} body={r.description} />
                  </li>
                ))}
              </ul>
            </PageSection>

            <PageSection title={c.gallery.title} subtitle={c.gallery.subtitle}>
              <ul className={classes.galleryGrid}>
                {c.gallery.images.map((img) => (
                  <li key={img.src}>
                    <figure>
                      <Picture src={img.src} alt={img.alt} width={400} height={300} />
                      <figcaption>{img.caption}</figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </PageSection>

            <PageSection title={c.testimonials.title} tone="tinted">
              <QuoteCards quotes={c.testimonials.items} />
            </PageSection>

            <section className={classes.cta} aria-labelledby="marketing-cta">
              <Title order={2} id="marketing-cta" className={classes.sectionTitle}>
                {c.cta.title}
              </Title>
              <Text className={classes.ctaText}>{c.cta.content}</Text>
              <Button component={Link} {...start} size="md" className={classes.gold}>
                {t('getStarted')}
              </Button>
            </section>
          </>
        )}
      </PageContentGate>
    </Container>
  );
}
