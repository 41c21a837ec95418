import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckInOutcome, CheckInResult } from '../../api/tickets';
import { formatLocalTime, useTag } from '../../lib/format';

/** The namespace of the check-in page. */
export const ns = 'check-in';

const looks: Record<CheckInOutcome, { bg: string; fg: string }> = {
  valid: { bg: '#1b7a3a', fg: '#ffffff' },
  used: { bg: '#ffb01f', fg: '#1a1a1a' },
  wrong_screening: { bg: '#b3141b', fg: '#ffffff' },
  wrong_list: { bg: '#b3141b', fg: '#ffffff' },
  cancelled: { bg: '#b3141b', fg: '#ffffff' },
  unknown: { bg: '#b3141b', fg: '#ffffff' },
};

/**
 * ResultPanel answers one scan in large type and colour: green valid, amber
 * already used (with the first use), red not for this screening, cancelled
 * or unknown; with the holder's name.
 */
export function ResultPanel({ result, timeZone }: { result: CheckInResult; timeZone: string }) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const look = looks[result.result] ?? looks.unknown;
  const tk = result.ticket;
  return (
    <Paper
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      style={{ background: look.bg, color: look.fg }}
      role="status"
      aria-live="assertive"
      data-testid="check-in-result"
      data-result={result.result}
    >
      <Stack gap="xs" align="center" ta="center">
        <Text fz={{ base: 44, sm: 64 }} fw={900} lh={1.05} c="inherit" data-testid="check-in-verdict">
          {t(`result.${result.result}`)}
        </Text>
        {result.result === 'used' && result.firstUsedAt && (
          <Text fz={{ base: 20, sm: 26 }} fw={700} c="inherit" data-testid="check-in-first-use">
            {t('firstUsed', { time: formatLocalTime(result.firstUsedAt, tag, timeZone) })}
          </Text>
        )}
        {result.result === 'wrong_screening' && tk && (
          <Text fz={{ base: 18, sm: 22 }} fw={700} c="inherit">
            {t('forScreening', { title: tk.screeningTitle, time: formatLocalTime(tk.startsAt, tag, timeZone) })}
          </Text>
        )}
        {tk && (
          <Text fz={{ base: 24, sm: 32 }} fw={700} c="inherit" style={{ overflowWrap: 'anywhere' }} data-testid="check-in-holder">
            {tk.holderName || tk.holderEmail}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
