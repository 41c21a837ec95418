import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { filmLimits } from '../../api/films';
import { inputStyles } from '../../ui/inputStyles';
import { newCreditRow, type CreditRow } from './schema';

/** CreditsField edits the film's credits: rows of name and role, added and removed. */
export function CreditsField({
  rows,
  onChange,
  error,
  disabled,
}: {
  rows: CreditRow[];
  onChange: (rows: CreditRow[]) => void;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('films');
  const update = (key: number, part: Partial<CreditRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...part } : r)));
  return (
    <Stack component="fieldset" gap="xs" m={0} p={0} style={{ border: 0 }} data-testid="credits">
      <Text component="legend" fw={500} size="sm" p={0}>
        {t('form.credits')}
      </Text>
      <Text size="xs" c="gray.7">
        {t('form.creditsHint')}
      </Text>
      {rows.map((r, i) => (
        <Group key={r.key} gap="xs" align="flex-end" wrap="wrap" data-testid="credit-row">
          <TextInput
            label={t('form.creditName', { n: i + 1 })}
            value={r.name}
            onChange={(e) => update(r.key, { name: e.currentTarget.value })}
            maxLength={filmLimits.creditName}
            disabled={disabled}
            styles={inputStyles}
            style={{ flex: '1 1 10rem' }}
          />
          <TextInput
            label={t('form.creditRole', { n: i + 1 })}
            placeholder={t('form.creditRolePlaceholder')}
            value={r.role}
            onChange={(e) => update(r.key, { role: e.currentTarget.value })}
            maxLength={filmLimits.creditRole}
            disabled={disabled}
            styles={inputStyles}
            style={{ flex: '1 1 8rem' }}
          />
          <ActionIcon
            variant="subtle"
            color="red.9"
            size="lg"
            mb={2}
            aria-label={t('form.removeCredit', { n: i + 1 })}
            onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
            disabled={disabled}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red.9" role="alert" data-testid="credits-error">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => onChange([...rows, newCreditRow()])}
          disabled={disabled || rows.length >= filmLimits.credits}
        >
          {t('form.addCredit')}
        </Button>
      </Group>
    </Stack>
  );
}
