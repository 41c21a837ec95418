import { Anchor, Button, Container, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { lazy, Suspense } from 'react';
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
import type { ContentImage, Meta, Quote } from '../../ui/page/types';
import classes from '../../ui/page/pages.module.css';
import { IconCard } from '../../ui/page/IconCard';

export type HomeContent = {
  meta: Meta;
  hero: { eyebrow: string; title: string; subtitle: string; image: ContentImage };
  partners: { title: string; logos: ContentImage[] };
  services: { title: string; subtitle: string; cards: { title: string; content: string; link: string; cta: string }[] };
  reviews: { title: string; subtitle: string; items: Quote[] };
  gallery: {
    title: string;
    subtitle: string;
    featuredTitle: string;
    featured: ContentImage[];
    newTitle: string;
    new: ContentImage[];
  };
  community: { title: string; content: string; cta: string };
}

// The featured festivals load after the page: their code and data stay out of its first load.
const FeaturedStrip = lazy(() => import('./FeaturedStrip'));

const serviceIcons: Record<string, IconName> = { '/festivals': 'compass', '/submit': 'send', '/manage': 'clipboard' };

export default function HomePage() {
  const { content, isLoading } = usePageContent<HomeContent>('home');
  usePageMeta(content?.meta.title, content?.meta.description);
  return (
    <Container size="lg" className={classes.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {(c) => <HomeView content={c} />}
      </PageContentGate>
    </Container>
  );
}

function LogoGroup({ title, logos }: { title: string; logos: ContentImage[] }) {
  return (
    <>
      <Title order={3} size="h4" className={classes.groupTitle}>
        {title}
      </Title>
      <ul className={classes.logoGrid}>
        {logos.map((logo) => (
          <li key={logo.src} className={classes.logoTile}>
            <Picture src={logo.src} alt={logo.alt} width={200} height={120} />
          </li>
        ))}
      </ul>
    </>
  );
}

function HomeView({ content: c }: { content: HomeContent }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} subtitle={c.hero.subtitle} image={c.hero.image}>
        <Button component={Link} to="/signup" size="md" className={classes.gold}>
          {t('learnMore')}
        </Button>
      </PageHero>

      <PageSection title={c.partners.title} centered>
        <ul className={classes.partnerGrid}>
          {c.partners.logos.map((logo) => (
            <li key={logo.src}>
              <Picture src={logo.src} alt={logo.alt} width={180} height={72} />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={c.services.title} subtitle={c.services.subtitle}>
        <ul className={classes.cardGrid}>
          {c.services.cards.map((card) => (
            <li key={card.link}>
              <IconCard icon={serviceIcons[card.link] ?? 'star'} title={card.title} body={card.content}>
                <Button component={Link} to={card.link} variant="light" className={classes.cardAction}>
                  {card.cta}
                </Button>
              </IconCard>
            </li>
          ))}
        </ul>
        <Anchor component={Link} to="/services" className={classes.moreLink}>
          {t('seeAllServices')} <span aria-hidden="true">→</span>
        </Anchor>
      </PageSection>

      <PageSection title={c.reviews.title} subtitle={c.reviews.subtitle} tone="tinted">
        <QuoteCards quotes={c.reviews.items} />
      </PageSection>

      <PageSection title={c.gallery.title} subtitle={c.gallery.subtitle}>
        <Suspense fallback={<LogoGroup title={c.gallery.featuredTitle} logos={c.gallery.featured} />}>
          <FeaturedStrip
            title={c.gallery.featuredTitle}
            fallback={<LogoGroup title={c.gallery.featuredTitle} logos={c.gallery.featured} />}
          />
        </Suspense>
        <LogoGroup title={c.gallery.newTitle} logos={c.gallery.new} />
      </PageSection>

      <section className={classes.cta} aria-labelledby="home-community">
        <Title order={2} id="home-community" className={classes.sectionTitle}>
          {c.community.title}
        </Title>
        <Text className={classes.ctaText}>{c.community.content}</Text>
        <Button component={Link} to="/signup" size="md" className={classes.gold}>
          {c.community.cta}
        </Button>
      </section>
    </>
  );
}
