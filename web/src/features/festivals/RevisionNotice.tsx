import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Festival, FestivalDetails } from '../../api/festivals';
import { Notice } from '../../ui/Notice';
import { RevisionChanges } from '../../ui/RevisionChanges';

/** withPendingValues is the festival's details with its pending revision's values: what the editor shows. */
export function withPendingValues(f: Festival, d: FestivalDetails): FestivalDetails {
  if (f.revision?.status !== 'pending') return d;
  const out = { ...d };
  for (const c of f.revision.changes) out[c.field] = c.new;
  return out;
}

/**
 * RevisionNotice tells the organiser of an approved festival that changes to
 * its public facts wait for an admin (and which), or that an admin refused
 * them and why; the public page shows the approved values meanwhile.
 */
export function RevisionNotice({ festival }: { festival: Festival }) {
  const { t } = useTranslation('revision');
  const r = festival.revision;
  if (festival.status !== 'approved') return null;
  if (!r) {
    return (
      <Text size="sm" c="gray.7" data-testid="revision-hint">
        {t('editor.hint')}
      </Text>
    );
  }
  if (r.status === 'rejected') {
    return (
      <Notice color="red" title={t('editor.rejectedTitle')} data-testid="revision-notice">
        <Stack gap="xs">
          <Text size="sm" c="gray.9" style={{ whiteSpace: 'pre-line' }}>
            {t('editor.rejectedReason', { reason: r.rejectionReason })}
          </Text>
          <RevisionChanges changes={r.changes} />
        </Stack>
      </Notice>
    );
  }
  return (
    <Notice color="yellow" title={t('editor.pendingTitle')} data-testid="revision-notice">
      <Stack gap="xs">
        <Text size="sm" c="gray.9">
          {t('editor.pendingText')}
        </Text>
        <RevisionChanges changes={r.changes} />
      </Stack>
    </Notice>
  );
}
