import { Anchor, Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Festival, FestivalStatus } from '../api/festivals';
import { Notice } from './Notice';

// Filled dark badges for a decision, a pale amber one with near-black text
// while pending: all at least 4.5:1 (Mantine's filled yellow is not).
const badgeProps: Record<FestivalStatus, { color: string; variant: 'filled' | 'light'; text?: string }> = {
  pending: { color: 'yellow', variant: 'light', text: 'var(--mantine-color-gray-9)' },
  approved: { color: 'teal.9', variant: 'filled' },
  rejected: { color: 'red.9', variant: 'filled' },
};

/** StatusBadge shows a festival's review state in words (never by colour alone). */
export function StatusBadge({ status }: { status: FestivalStatus }) {
  const { t } = useTranslation('festivals');
  const { color, variant, text } = badgeProps[status];
  return (
    <Badge
      color={color}
      variant={variant}
      // The label may not shrink: a narrow table cell would cut the status short.
      styles={{ label: { overflow: 'visible', ...(text && { color: text }) } }}
      data-testid="status-badge"
      style={{ flexShrink: 0 }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * StatusBanner tells the organiser where the festival stands: awaiting
 * review; rejected with the admins' reason (saving the details sends it back
 * for review); or approved with a link to its public page.
 */
export function StatusBanner({ festival: f }: { festival: Festival }) {
  const { t } = useTranslation('festivals');
  if (f.status === 'approved') {
    return (
      <Notice color="teal" title={t('editor.banner.approvedTitle')} data-testid="status-banner">
        <Text size="sm" c="gray.9">
          {t('editor.banner.approved')}{' '}
          <Anchor component={Link} to={`/festival/${encodeURIComponent(f.slug)}`} fw={600} c="indigo.9" inherit>
            {t('editor.banner.publicLink')}
          </Anchor>
        </Text>
      </Notice>
    );
  }
  if (f.status === 'rejected') {
    return (
      <Notice color="red" title={t('editor.banner.rejectedTitle')} data-testid="status-banner">
        <Text size="sm" c="gray.9" style={{ whiteSpace: 'pre-line' }}>
          {t('editor.banner.reason', { reason: f.rejectionReason || t('editor.banner.noReason') })}
        </Text>
        <Text size="sm" c="gray.9" mt={4}>
          {t('editor.banner.resubmit')}
        </Text>
      </Notice>
    );
  }
  return (
    <Notice color="yellow" title={t('editor.banner.pendingTitle')} data-testid="status-banner">
      <Text size="sm" c="gray.9">
        {t('editor.banner.pending')}
      </Text>
    </Notice>
  );
}
