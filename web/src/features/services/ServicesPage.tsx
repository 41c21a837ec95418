import { Button, Container, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContentGate } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageHero } from '../../ui/page/PageHero';
import { PageSection } from '../../ui/page/PageSection';
import { serviceIcon } from './serviceIcons';
import { useServicesContent } from './serviceContent';
import classes from '../../ui/page/pages.module.css';
import { IconCard } from '../../ui/page/IconCard';

export default function ServicesPage() {
  const { t } = useTranslation('pages');
  const { content, sections, isLoading } = useServicesContent();
  usePageMeta(content?.meta.title, content?.meta.description);
  return (
    <Container size="lg" className={classes.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {(c) => (
          <>
            <PageHero eyebrow={c.eyebrow} title={c.title} subtitle={c.subtitle} image={c.image} />

            <div className={`${classes.prose} ${classes.sectionBody}`}>
              {c.paragraphs.map((p) => (
                <Text key={p} component="p" m={0} lh={1.75}>
                  {p}
                </Text>
              ))}
            </div>

            <PageSection title={c.sectionsTitle}>
              <ul className={classes.cardGrid}>
                {sections.map((s) => (
                  <li key={s.slug}>
                    <IconCard icon={serviceIcon(s.slug)} title={s.title} body={s.content}>
                      <Button component={Link} to={`/services/${s.slug}`} variant="light" className={classes.cardAction}>
                        {t('learnMore')}
                        <span className={classes.visuallyHidden}>{t('aboutTopic', { topic: s.title })}</span>
                      </Button>
                    </IconCard>
                  </li>
                ))}
              </ul>
            </PageSection>

            <section className={classes.cta} aria-labelledby="services-closing">
              <Title order={2} id="services-closing" className={classes.sectionTitle}>
                {c.closing}
              </Title>
              <Text className={classes.ctaText}>{t('servicesContactLead')}</Text>
              <Button component={Link} to="/contact" size="md" className={classes.gold}>
                {t('contactUs')}
              </Button>
            </section>
          </>
        )}
      </PageContentGate>
    </Container>
  );
}
