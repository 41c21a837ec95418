import { Accordion, Button, Container, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContentGate } from '../../ui/page/PageState';
import { usePageContent } from '../../i18n/usePageContent';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageHero } from '../../ui/page/PageHero';
import type { Meta } from '../../ui/page/types';
import classes from '../../ui/page/pages.module.css';
import local from './faqs.module.css';

export type FaqsContent = {
  meta: Meta;
  hero: { eyebrow: string; title: string; subtitle: string };
  faqs: { question: string; answer: string[]; link: string }[];
  contact: { title: string; content: string };
}

export default function FaqsPage() {
  const { t } = useTranslation('pages');
  const { content, isLoading } = usePageContent<FaqsContent>('faqs');
  usePageMeta(content?.meta.title, content?.meta.description);
  return (
    <Container size="lg" className={classes.page}>
      <PageContentGate content={content} isLoading={isLoading}>
        {(c) => (
          <>
            <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} subtitle={c.hero.subtitle} />
            <Accordion
              variant="separated"
              radius="lg"
              order={2}
              defaultValue={c.faqs[0]?.link}
              className={local.accordion}
              classNames={{ control: local.control, label: local.label, item: local.item }}
            >
              {c.faqs.map((f) => (
                <Accordion.Item key={f.link} value={f.link}>
                  <Accordion.Control>{f.question}</Accordion.Control>
                  <Accordion.Panel>
                    <div className={local.answer}>
                      {f.answer.map((p) => (
                        <Text key={p} component="p" m={0} lh={1.75}>
                          {p}
                        </Text>
                      ))}
                    </div>
                    <Button component={Link} to={f.link} variant="light" mt="md">
                      {t('learnMore')}
                      <span className={classes.visuallyHidden}>{t('aboutTopic', { topic: f.question })}</span>
                    </Button>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>

            <section className={classes.cta} aria-labelledby="faqs-contact">
              <Title order={2} id="faqs-contact" className={classes.sectionTitle}>
                {c.contact.title}
              </Title>
              <Text className={classes.ctaText}>{c.contact.content}</Text>
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
