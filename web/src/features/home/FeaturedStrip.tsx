import { Badge, Card, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { campaignEvents, featuredFestivals } from '../../api/featured';
import classes from '../../ui/page/pages.module.css';

/** Impressions already counted in this page load, so a re-render counts nothing. */
const counted = new Set<string>();

/**
 * FeaturedStrip shows the festivals promotion campaigns feature, each
 * labelled 'Featured', in place of the static logos (fallback) while there
 * are any. Their impressions and clicks are counted without cookies.
 */
export default function FeaturedStrip({ title, fallback }: { title: string; fallback: ReactNode }) {
  const { t } = useTranslation('pages');
  const query = useQuery({ queryKey: ['promotion', 'featured'], queryFn: featuredFestivals });
  const items = query.data ?? [];
  const ids = items.map((f) => f.campaignId);
  const idsKey = ids.join(',');
  useEffect(() => {
    if (!idsKey || counted.has(idsKey)) return;
    counted.add(idsKey);
    campaignEvents(idsKey.split(',').map(Number), 'view').catch(() => undefined);
  }, [idsKey]);
  if (items.length === 0) return <>{fallback}</>;
  return (
    <section aria-labelledby="featured-festivals" data-testid="featured-strip">
      <Title order={3} size="h4" className={classes.groupTitle} id="featured-festivals">
        {title}
      </Title>
      <ul className={classes.cardGrid}>
        {items.map((f) => (
          <li key={f.campaignId}>
            <Card
              withBorder
              radius="md"
              padding="md"
              component={Link}
              to={`/festival/${encodeURIComponent(f.slug)}`}
              onClick={() => void campaignEvents([f.campaignId], 'click').catch(() => undefined)}
            >
              <Badge color="yellow.4" autoContrast mb="xs">
                {t('featured')}
              </Badge>
              <Text fw={700}>{f.name}</Text>
              <Text size="sm" c="gray.7">
                {[f.location, f.country].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm" c="gray.7">
                {f.startDate} – {f.endDate}
              </Text>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
