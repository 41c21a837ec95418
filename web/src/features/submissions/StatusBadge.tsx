import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Submission, SubmissionStatus } from '../../api/submissions';

const colors: Record<SubmissionStatus, string> = {
  submitted: 'gray.8',
  in_consideration: 'blue.9',
  selected: 'teal.9',
  not_selected: 'red.9',
  finalist: 'violet.9',
  award_winner: 'orange.9',
  withdrawn: 'gray.7',
};

/** SubmissionStatusBadge shows a submission's status in words; an award winner's with the award's name. */
export function SubmissionStatusBadge({ submission: s }: { submission: Pick<Submission, 'status' | 'awardName'> }) {
  const { t } = useTranslation('submissions');
  const label =
    s.status === 'award_winner' && s.awardName
      ? t('status.awardWinnerNamed', { award: s.awardName })
      : t(`status.${s.status}`, { defaultValue: s.status });
  return (
    <Badge
      variant="outline"
      color={colors[s.status] ?? 'gray.8'}
      style={{ flexShrink: 0, maxWidth: '100%' }}
      styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
      data-testid="submission-status"
    >
      {label}
    </Badge>
  );
}
