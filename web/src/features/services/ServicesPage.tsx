import { Button, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContentGate } from '../../content/PageState';
import { usePageMeta } from '../../content/usePageMeta';
import { Icon } from '../shared-pages/icons';
import { PageHero } from '../shared-pages/PageHero';
import { PageSection } from '../shared-pages/PageSection';
import { serviceIcon } from './serviceIcons';
import { useServicesContent } from './serviceContent';
import classes from '../shared-pages/pages.module.css';

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
                    <article className={classes.card}>
                      <span className={classes.iconBadge}>
                        <Icon name={serviceIcon(s.slug)} />
                      </span>
                      <Title order={3} size="h4" className={classes.cardTitle}>
                        {s.title}
                      </Title>
                      <Text className={classes.cardBody}>{s.content}</Text>
                      <Button component={Link} to={`/services/${s.slug}`} variant="light" className={classes.cardAction}>
                        {t('learnMore')}
                        <span className={classes.visuallyHidden}>{t('aboutTopic', { topic: s.title })}</span>
                      </Button>
                    </article>
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
