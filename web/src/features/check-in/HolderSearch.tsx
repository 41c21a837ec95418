import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkInApi, type Holder } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { formatLocalTime, useTag } from '../../lib/format';
import { ns } from './ResultPanel';

/** HolderSearch finds a ticket by its holder's name or e-mail (two letters at least) and checks it in, for a guest without their phone. */
export function HolderSearch({
  slug,
  screeningId,
  timeZone,
  onCheckIn,
  busy,
}: {
  slug: string;
  screeningId: number;
  timeZone: string;
  onCheckIn: (ticketId: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const enabled = debounced.length >= 2;
  const holders = useQuery({
    queryKey: ['check-in', slug, 'holders', screeningId, debounced],
    queryFn: () => checkInApi.holders(slug, debounced, screeningId),
    enabled,
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="check-in-search">
      <Stack gap="sm">
        <Title order={2} size="h4" id="check-in-search">
          {t('search.title')}
        </Title>
        <TextInput
          label={t('search.label')}
          description={t('search.hint')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          type="search"
          data-testid="holder-search"
        />
        {enabled && holders.isError && (
          <Notice color="red" role="alert">
            {apiErrorText(holders.error, ns)}
          </Notice>
        )}
        {enabled && holders.data && holders.data.items.length === 0 && (
          <Text size="sm" c="gray.8" data-testid="no-holders">
            {t('search.none')}
          </Text>
        )}
        {enabled && holders.data && holders.data.items.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {holders.data.items.map((h: Holder) => (
              <Group component="li" key={h.ticketId} justify="space-between" wrap="wrap" gap="xs" data-testid="holder-row">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {h.holderName || h.holderEmail}
                  </Text>
                  <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                    {h.holderEmail} · #{h.ticketId}
                  </Text>
                  {h.status !== 'valid' && (
                    <Text size="sm" fw={600} c={h.status === 'used' ? 'orange.9' : 'red.9'}>
                      {h.status === 'used' && h.checkedInAt
                        ? t('search.usedAt', { time: formatLocalTime(h.checkedInAt, tag, timeZone) })
                        : t(`search.status.${h.status}`)}
                    </Text>
                  )}
                </Stack>
                <Button
                  size="sm"
                  onClick={() => onCheckIn(h.ticketId)}
                  disabled={busy}
                  aria-label={t('search.checkInLabel', { name: h.holderName || h.holderEmail })}
                >
                  {t('search.checkIn')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
