import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** IsoBadge: the footer's ISO-certified seal, drawn inline, with a translated label. */
export function IsoBadge() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" data-testid="iso-badge">
      <svg width="44" height="44" viewBox="0 0 44 44" role="img" aria-label={t('footer.isoBadge')}>
        <title>{t('footer.isoBadge')}</title>
        <circle cx="22" cy="22" r="20" fill="#1e3a8a" />
        <circle cx="22" cy="22" r="16" fill="none" stroke="#f5c542" strokeWidth="2" />
        <text x="22" y="21" textAnchor="middle" fontSize="10" fontWeight="700" fill="#ffffff" fontFamily="system-ui, sans-serif">
          ISO
        </text>
        <path d="M15 26l5 4 9-9" stroke="#f5c542" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Text size="sm" fw={600} c="gray.8" aria-hidden="true">
        {t('footer.isoBadgeText')}
      </Text>
    </Group>
  );
}
