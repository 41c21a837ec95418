import { DatePickerInput } from '@mantine/dates';
import { EntryRulesSection } from './EntryRulesSection';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { manageSubmissionsApi, type FestivalSettings, type Waiver } from '../../api/manageSubmissions';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListState } from '../../ui/list/ListState';
import { ListTable } from '../../ui/list/ListTable';
import { apiErrorText } from '../../lib/apiErrorText';
import { dateInputFormat, FestivalDatesProvider, formatDate, todayISO, useCalendarLabels, useLanguage } from '../../lib/dates';
import { ns, settingsKey, waiversKey } from './shared';
import { ManageFrame } from '../../ui/ManageFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const switches = ['refundOnWithdraw', 'blindReview', 'judgingLocked'] as const satisfies (keyof FestivalSettings)[];

/** /manage/festivals/:slug/settings: the submission and judging switches, and the fee waiver codes. */
export default function SettingsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('settings.title'), t('settings.description'));
  return (
    <ManageFrame slug={slug} current="settings" title={t('settings.title')} size="md">
      <Stack gap="lg">
        <SettingsSwitches slug={slug} />
        <EntryRulesSection slug={slug} />
        <Waivers slug={slug} />
      </Stack>
    </ManageFrame>
  );
}

function SettingsSwitches({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey(slug), queryFn: () => manageSubmissionsApi.settings(slug) });
  const save = useMutation({
    mutationFn: (s: FestivalSettings) => manageSubmissionsApi.updateSettings(slug, s),
    onSuccess: (s) => queryClient.setQueryData(settingsKey(slug), s),
  });
  const shown = save.isPending ? save.variables : settings.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-title">
      <Title order={2} size="h4" id="settings-title" mb="sm">
        {t('settings.switches')}
      </Title>
      <ListState
        query={settings}
        isEmpty={() => false}
        loadingLabel={t('settings.loading')}
        errorTitle={t('settings.loadError')}
        errorText={apiErrorText(settings.error, ns)}
        retryLabel={t('list.retry')}
        errorTestId="settings-error"
        emptyText=""
        emptyTestId="settings-empty"
      >
        {(data) => (
          <Stack gap="md">
            {switches.map((k) => (
              <Switch
                key={k}
                label={t(`settings.${k}`)}
                description={t(`settings.${k}Help`)}
                checked={(shown ?? data)[k]}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ ...data, [k]: e.currentTarget.checked })}
                data-testid={`setting-${k}`}
              />
            ))}
            {save.isError && (
              <Text size="sm" c="red.9" role="alert">
                {t('settings.saveError')} {apiErrorText(save.error, ns)}
              </Text>
            )}
            {save.isSuccess && (
              <Text size="sm" c="teal.9" role="status">
                {t('settings.saved')}
              </Text>
            )}
          </Stack>
        )}
      </ListState>
    </Paper>
  );
}

function Waivers({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const { tag } = useLanguage();
  const queryClient = useQueryClient();
  const waivers = useQuery({ queryKey: waiversKey(slug), queryFn: () => manageSubmissionsApi.waivers(slug) });
  const [deleting, setDeleting] = useState<Waiver | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => manageSubmissionsApi.deleteWaiver(slug, id),
    onSuccess: () => setDeleting(null),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: waiversKey(slug) }),
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="waivers-title">
      <Title order={2} size="h4" id="waivers-title" mb={4}>
        {t('waivers.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('waivers.help')}
      </Text>
      <Stack gap="lg">
        <ListTable
          query={waivers}
          columns={[t('waivers.code'), t('waivers.percent'), t('waivers.used'), t('waivers.expires'), t('judges.columns.actions')]}
          minWidth={480}
          texts={{ loading: t('waivers.loading'), errorTitle: t('waivers.loadError'), errorText: apiErrorText(waivers.error, ns), retry: t('list.retry'), empty: t('waivers.empty') }}
          testId="waivers"
          spacing="xs"
          row={(w) => (
            <Table.Tr key={w.id} data-testid="waiver-row">
              <Table.Td ff="monospace">{w.code}</Table.Td>
              <Table.Td>{t('waivers.percentValue', { percent: w.percent })}</Table.Td>
              <Table.Td>{t('waivers.usedValue', { used: w.used, limit: w.usageLimit })}</Table.Td>
              <Table.Td>{formatDate(w.expiresOn, tag)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  aria-label={t('waivers.deleteFor', { code: w.code })}
                  onClick={() => {
                    remove.reset();
                    setDeleting(w);
                  }}
                >
                  {t('waivers.delete')}
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
        />
        <WaiverForm slug={slug} />
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('waivers.confirmTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(remove.error, ns) : null}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('waivers.confirmDelete')}
      >
        {deleting && <Text size="sm">{t('waivers.confirmText', { code: deleting.code })}</Text>}
      </ConfirmDialog>
    </Paper>
  );
}

type WaiverErrors = Partial<Record<'code' | 'percent' | 'usageLimit' | 'expiresOn', string>>;

function WaiverForm({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const { code: lang } = useLanguage();
  const calendar = useCalendarLabels();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState<number | string>(100);
  const [usageLimit, setUsageLimit] = useState<number | string>(10);
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [errors, setErrors] = useState<WaiverErrors>({});
  const create = useMutation({
    mutationFn: () =>
      manageSubmissionsApi.createWaiver(slug, {
        code: code.trim().toUpperCase(),
        percent: Number(percent),
        usageLimit: Number(usageLimit),
        expiresOn: expiresOn ?? '',
      }),
    onSuccess: () => {
      setCode('');
      setExpiresOn(null);
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.fields as WaiverErrors);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: waiversKey(slug) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.reset();
    const next: WaiverErrors = {};
    if (!/^[A-Za-z0-9-]{1,40}$/.test(code.trim())) next.code = t('waivers.codeInvalid');
    const p = Number(percent);
    if (!Number.isInteger(p) || p < 1 || p > 100) next.percent = t('waivers.percentInvalid');
    const u = Number(usageLimit);
    if (!Number.isInteger(u) || u < 1) next.usageLimit = t('waivers.limitInvalid');
    if (!expiresOn) next.expiresOn = t('waivers.expiresRequired');
    setErrors(next);
    if (Object.keys(next).length === 0) create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="waiver-form-title" data-testid="waiver-form">
      <Title order={3} size="h5" id="waiver-form-title" mb="xs">
        {t('waivers.createTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('waivers.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
          error={errors.code}
          maxLength={40}
          autoComplete="off"
          withAsterisk
        />
        <NumberInput label={t('waivers.percent')} min={1} max={100} value={percent} onChange={setPercent} error={errors.percent} allowDecimal={false} withAsterisk />
        <NumberInput
          label={t('waivers.limit')}
          min={1}
          value={usageLimit}
          onChange={setUsageLimit}
          error={errors.usageLimit}
          allowDecimal={false}
          withAsterisk
        />
        <FestivalDatesProvider>
          <DatePickerInput
            label={t('waivers.expires')}
            value={expiresOn}
            onChange={(v) => setExpiresOn(v)}
            valueFormat={dateInputFormat(lang)}
            minDate={todayISO()}
            ariaLabels={calendar.ariaLabels}
            getDayProps={(date) => ({ 'aria-label': calendar.getDayAriaLabel(date) })}
            error={errors.expiresOn}
            withAsterisk
            clearable
            clearButtonProps={{ 'aria-label': t('waivers.clearDate') }}
            data-testid="waiver-expires"
          />
        </FestivalDatesProvider>
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" loading={create.isPending}>
          {t('waivers.create')}
        </Button>
      </Group>
      {create.isError && (
        <Text size="sm" c="red.9" role="alert" mt="xs">
          {apiErrorText(create.error, ns)}
        </Text>
      )}
      {create.isSuccess && (
        <Text size="sm" c="teal.9" role="status" mt="xs">
          {t('waivers.created', { code: create.data.code })}
        </Text>
      )}
    </form>
  );
}
