import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { screeningsApi, type ManagedScreening } from '../../api/tickets';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { StackedTable } from '../../ui/list/StackedTable';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ManageFrame } from '../../ui/ManageFrame';
import { formatLocalTime, formatMoney, useTag } from '../../lib/format';
import { DoorStaffSection } from './DoorStaffSection';
import { CurrencySection } from './CurrencySection';
import { ScreeningForm, screeningsKey } from './ScreeningForm';
import { ns } from './schema';
import { TimeZoneSection } from './TimeZoneSection';
import { CancellationPolicySection } from './CancellationPolicySection';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

type Editing = { screening: ManagedScreening | null } | null;

function ScreeningRow({
  screening: s,
  onEdit,
  onCancel,
}: {
  screening: ManagedScreening;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const cancelled = s.status === 'cancelled';
  return (
    <Table.Tr data-testid="screening-row">
      <Table.Td>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {s.title}
        </Text>
        <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
          {s.venue}
        </Text>
        {cancelled && (
          <Badge color="red.9" variant="filled" data-testid="screening-cancelled">
            {t('list.cancelled')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <time dateTime={s.startsAt}>{formatLocalTime(s.startsAt, tag, s.timeZone)}</time>
      </Table.Td>
      <Table.Td>{s.priceCents === 0 ? t('list.free') : formatMoney(s.priceCents, s.currency, tag)}</Table.Td>
      <Table.Td data-testid="screening-sold">{t('list.soldOf', { sold: s.sold, capacity: s.capacity })}</Table.Td>
      <Table.Td data-testid="screening-checked-in">{s.checkedIn}</Table.Td>
      <Table.Td data-testid="screening-remaining">{s.remaining}</Table.Td>
      <Table.Td data-testid="screening-income">{formatMoney(s.incomeCents, s.currency, tag)}</Table.Td>
      <Table.Td>
        {!cancelled && (
          <Group gap={4} wrap="wrap">
            <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={t('list.editLabel', { title: s.title })}>
              {t('list.edit')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red.9"
              onClick={onCancel}
              aria-label={t('list.cancelLabel', { title: s.title })}
              data-testid="screening-cancel"
            >
              {t('list.cancel')}
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /manage/festivals/:slug/screenings: the festival's screenings with their
 * sales (sold, checked in, remaining, income), the form to create and edit
 * them, cancelling (refunds and e-mails), the time zone and the door staff.
 */
export default function ScreeningsPage() {
  const { t } = useTranslation(ns);
  const { slug = '' } = useParams();
  usePageMeta(t('meta.title'), t('meta.description'));
  return (
    <ManageFrame slug={slug} current="screenings" title={t('title')}>
      <ScreeningsBody slug={slug} />
    </ManageFrame>
  );
}

function ScreeningsBody({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const client = useQueryClient();
  const list = useQuery({ queryKey: screeningsKey(slug), queryFn: () => screeningsApi.list(slug) });
  const [editing, setEditing] = useState<Editing>(null);
  const [cancelling, setCancelling] = useState<ManagedScreening | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (id: number) => screeningsApi.cancel(slug, id),
    onSuccess: (s) => {
      setCancelling(null);
      setSaved(t('cancel.done', { title: s.title }));
      void client.invalidateQueries({ queryKey: screeningsKey(slug) });
    },
  });

  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <Notice color="red" role="alert" title={t('loadError')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{apiErrorText(list.error, ns)}</Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Notice>
    );
  }
  const { timeZone, timeZoneChosen, items, currency } = list.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Text c="gray.8">{t('intro', { zone: timeZone })}</Text>
        <Group gap="sm">
          <Button component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/check-in`} variant="light">
            {t('openCheckIn')}
          </Button>
          <Button component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/ticket-offers`} variant="light" data-testid="open-ticket-offers">
            {t('openTicketOffers')}
          </Button>
          <Button onClick={() => setEditing({ screening: null })} data-testid="new-screening">
            {t('new')}
          </Button>
        </Group>
      </Group>
      {saved && (
        <Notice color="teal" role="status" data-testid="screenings-saved" withCloseButton onClose={() => setSaved(null)}>
          {saved}
        </Notice>
      )}
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="screenings-list">
        <Title order={2} size="h4" id="screenings-list" mb="sm">
          {t('list.title')}
        </Title>
        {items.length === 0 ? (
          <Text c="gray.8" data-testid="no-screenings">
            {t('list.empty')}
          </Text>
        ) : (
          <StackedTable minWidth={880}>
            <Table verticalSpacing="sm" data-testid="screenings-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('list.screening')}</Table.Th>
                  <Table.Th scope="col">{t('list.starts', { zone: timeZone })}</Table.Th>
                  <Table.Th scope="col">{t('list.price')}</Table.Th>
                  <Table.Th scope="col">{t('list.sold')}</Table.Th>
                  <Table.Th scope="col">{t('list.checkedIn')}</Table.Th>
                  <Table.Th scope="col">{t('list.remaining')}</Table.Th>
                  <Table.Th scope="col">{t('list.income')}</Table.Th>
                  <Table.Th scope="col">{t('list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((s) => (
                  <ScreeningRow
                    key={s.id}
                    screening={s}
                    onEdit={() => setEditing({ screening: s })}
                    onCancel={() => {
                      cancel.reset();
                      setCancelling(s);
                    }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
        )}
      </Paper>

      <TimeZoneSection
        key={timeZone}
        slug={slug}
        timeZone={timeZone}
        chosen={timeZoneChosen}
        scheduled={items.filter((s) => s.status === 'scheduled').length}
      />
      <CurrencySection slug={slug} currency={currency} />
      <CancellationPolicySection slug={slug} currency={currency} />
      <DoorStaffSection slug={slug} />

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.screening ? t('form.editTitle') : t('form.newTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        {editing && (
          <ScreeningForm
            slug={slug}
            timeZone={timeZone}
            currency={currency}
            screening={editing.screening}
            onCancel={() => setEditing(null)}
            onDone={(s) => {
              setEditing(null);
              setSaved(t(editing.screening ? 'form.updated' : 'form.created', { title: s.title }));
            }}
          />
        )}
      </Modal>

      <ConfirmDialog
        opened={cancelling !== null}
        title={t('cancel.title')}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
        pending={cancel.isPending}
        error={cancel.isError ? apiErrorText(cancel.error, ns) : null}
        cancelLabel={t('cancel.keep')}
        closeLabel={t('common.close')}
        confirmLabel={t('cancel.confirm')}
        confirmTestId="confirm-cancel"
      >
        {cancelling && (
          <>
            <Text size="sm">{t('cancel.text', { title: cancelling.title })}</Text>
            <Text size="sm" fw={600}>
              {t('cancel.refunds', { count: cancelling.sold })}
            </Text>
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
