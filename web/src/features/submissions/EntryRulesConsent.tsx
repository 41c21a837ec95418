import { Checkbox, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * EntryRulesConsent shows each chosen festival's rules and terms and asks
 * for their explicit acceptance (one box per festival); the server keeps
 * the time of acceptance on each entry and refuses an entry without it.
 */
export function EntryRulesConsent({
  festivals,
  accepted,
  onChange,
  disabled,
}: {
  festivals: { slug: string; terms: string }[];
  accepted: Record<string, boolean>;
  onChange: (slug: string, on: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('film-project');
  if (festivals.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="entry-rules">
      <Text fw={600}>{t('consent.title')}</Text>
      {festivals.map((f) => (
        <Stack key={f.slug} gap={6}>
          <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="entry-terms">
              {f.terms}
            </Text>
          </ScrollArea.Autosize>
          <Checkbox
            checked={Boolean(accepted[f.slug])}
            onChange={(e) => onChange(f.slug, e.currentTarget.checked)}
            label={t('consent.accept')}
            disabled={disabled}
            data-testid="accept-rules"
          />
        </Stack>
      ))}
    </Stack>
  );
}
