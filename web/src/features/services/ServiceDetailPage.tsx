import { Anchor, Button, Container, List, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContentGate } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { Icon } from '../../ui/page/icons';
import { PageHero } from '../../ui/page/PageHero';
import { PageSection } from '../../ui/page/PageSection';
import { serviceIcon } from './serviceIcons';
import { useServicesContent, type ServiceSection } from './serviceContent';
import classes from '../../ui/page/pages.module.css';
import local from './services.module.css';

type SluggedSection = ServiceSection & { slug: string };

export default function ServiceDetailPage() {
  const { slug = '' } = useParams();
  const { content, sections, isLoading } = useServicesContent();
  const section = sections.find((s) => s.slug === slug);
  return (
    <Container size="lg" className={classes.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {() =>
          section ? (
            <ServiceDetail section={section} others={sections.filter((s) => s.slug !== slug)} />
          ) : (
            <ServiceNotFound />
          )
        }
      </PageContentGate>
    </Container>
  );
}

function ServiceDetail({ section, others }: { section: SluggedSection; others: SluggedSection[] }) {
  const { t } = useTranslation('pages');
  usePageMeta(section.title, section.content);
  const d = section.details;
  return (
    <>
      <nav aria-label={t('breadcrumb')} className={local.breadcrumb}>
        <Anchor component={Link} to="/services" c="indigo.8" fw={600}>
          ← {t('allServices')}
        </Anchor>
      </nav>

      <PageHero eyebrow={t('serviceEyebrow')} title={section.title} subtitle={section.content} />

      <div className={local.layout}>
        <div>
          <div className={`${classes.prose} ${classes.sectionBody}`}>
            {d.intro.map((p) => (
              <Text key={p} component="p" m={0} lh={1.75}>
                {p}
              </Text>
            ))}
          </div>

          <PageSection title={d.includesTitle}>
            <List
              spacing="sm"
              mt="lg"
              className={local.includes}
              icon={
                <span className={local.tick}>
                  <Icon name="check" size={16} />
                </span>
              }
            >
              {d.includes.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </PageSection>

          <PageSection title={d.audienceTitle} tone="tinted">
            <Text className={classes.prose} mt="md">
              {d.audience}
            </Text>
          </PageSection>
        </div>

        <aside className={local.aside} aria-labelledby="other-services">
          <Title order={2} size="h4" id="other-services" className={classes.cardTitle}>
            {t('otherServices')}
          </Title>
          <ul className={local.otherList}>
            {others.map((o) => (
              <li key={o.slug}>
                <Link to={`/services/${o.slug}`} className={local.otherLink}>
                  <span className={classes.iconBadge}>
                    <Icon name={serviceIcon(o.slug)} />
                  </span>
                  <span>{o.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>

      <section className={classes.cta} aria-labelledby="service-cta">
        <Title order={2} id="service-cta" className={classes.sectionTitle}>
          {d.ctaTitle}
        </Title>
        <Text className={classes.ctaText}>{d.ctaText}</Text>
        <Button component={Link} to="/contact" size="md" className={classes.gold}>
          {t('contactUs')}
        </Button>
      </section>
    </>
  );
}

/** ServiceNotFound is shown for /services/{slug} when no service has that slug. */
export function ServiceNotFound() {
  const { t } = useTranslation('pages');
  usePageMeta(t('serviceNotFound.title'), t('serviceNotFound.description'));
  return (
    <section className={local.notFound} data-testid="not-found" aria-labelledby="page-title">
      <Text className={local.notFoundCode} aria-hidden="true">
        404
      </Text>
      <Title order={1} id="page-title" className={classes.sectionTitle}>
        {t('serviceNotFound.title')}
      </Title>
      <Text c="gray.7" mt="sm" maw={480} mx="auto">
        {t('serviceNotFound.description')}
      </Text>
      <Button component={Link} to="/services" mt="xl">
        {t('backToServices')}
      </Button>
    </section>
  );
}
