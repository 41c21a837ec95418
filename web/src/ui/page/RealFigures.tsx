import { Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { analyticsApi } from '../../api/analytics';
import { useSession } from '../../lib/useSession';
import { StatGrid } from './StatGrid';

/**
 * RealFigures shows the seed's marketing figures (children); an admin gets a
 * switch beside them that shows the installation's real numbers instead.
 */
export default function RealFigures({ children }: { children: ReactNode }) {
  const { isAdmin } = useSession();
  const { t } = useTranslation('promotion');
  const [real, setReal] = useState(false);
  const figures = useQuery({ queryKey: ['admin', 'site-figures'], queryFn: analyticsApi.siteFigures, enabled: isAdmin && real });
  if (!isAdmin) return <>{children}</>;
  return (
    <Stack gap="sm">
      <Switch checked={real} onChange={(e) => setReal(e.currentTarget.checked)} label={t('figures.switch')} data-testid="real-figures" />
      {real && figures.data ? (
        <StatGrid
          stats={[
            { value: String(figures.data.festivals), label: t('figures.festivals') },
            { value: String(figures.data.submissions), label: t('figures.submissions') },
            { value: String(figures.data.filmmakers), label: t('figures.filmmakers') },
            { value: String(figures.data.countries), label: t('figures.countries') },
          ]}
        />
      ) : (
        children
      )}
    </Stack>
  );
}
