import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screeningsApi } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { screeningsKey } from './ScreeningForm';
import { ns } from './schema';

/** The IANA zones this browser knows (UTC first). */
function zones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...list.filter((z) => z !== 'UTC')];
}

/**
 * TimeZoneSection shows the festival's time zone and changes it (PUT
 * time-zone). Until the organiser saves one, the zone is the server's
 * default for the festival's country and city (not UTC), and says so. With
 * scheduled screenings, choosing another zone warns that they keep their
 * moment in time, so their local times change.
 */
export function TimeZoneSection({
  slug,
  timeZone,
  chosen,
  scheduled,
}: {
  slug: string;
  timeZone: string;
  chosen: boolean;
  scheduled: number;
}) {
  const { t } = useTranslation(ns);
  const client = useQueryClient();
  const [zone, setZone] = useState(timeZone);
  const options = useMemo(() => {
    const all = zones();
    return all.includes(timeZone) ? all : [timeZone, ...all];
  }, [timeZone]);
  const save = useMutation({
    mutationFn: (z: string) => screeningsApi.setTimeZone(slug, z),
    onSuccess: () => void client.invalidateQueries({ queryKey: screeningsKey(slug) }),
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="screenings-zone">
      <Stack gap="sm">
        <Title order={2} size="h4" id="screenings-zone">
          {t('zone.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('zone.text')}
        </Text>
        {!chosen && (
          <Text size="sm" c="gray.8" data-testid="time-zone-from-place">
            {t('zone.fromPlace', { zone: timeZone })}
          </Text>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('zone.label')}
            data={options}
            value={zone}
            onChange={(v) => setZone(v ?? timeZone)}
            searchable
            allowDeselect={false}
            w={{ base: '100%', xs: 320 }}
            data-testid="time-zone-select"
          />
          <Button onClick={() => save.mutate(zone)} loading={save.isPending} disabled={zone === timeZone} data-testid="time-zone-save">
            {t('zone.save')}
          </Button>
        </Group>
        {zone !== timeZone && scheduled > 0 && (
          <Notice color="yellow" data-testid="time-zone-moves">
            {t('zone.moves', { count: scheduled, zone })}
          </Notice>
        )}
        {save.isError && (
          <Notice color="red" role="alert">
            {apiErrorText(save.error, ns)}
          </Notice>
        )}
        {save.isSuccess && zone === timeZone && (
          <Text size="sm" c="teal.9" role="status">
            {t('zone.saved', { zone: timeZone })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
