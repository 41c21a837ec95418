import { ActionIcon, Anchor, Checkbox, Group, Menu, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { submissionFlags, type Submission, type SubmissionFlag } from '../../api/manageSubmissions';
import { entryStatusLabel, FlagBadge, formatDay, ns, SubmissionStatusBadge } from './shared';
import { countryName } from '../../lib/countries';
import { formatCalibrated, formatScore } from '../../lib/format';

/** SubmissionRow is one received submission in the list: its box for bulk decisions, film, filmmaker, country, category, tier, scores, date, status (with the organiser's own status) and flag (with a menu to change it). */
export function SubmissionRow({
  s,
  slug,
  tag,
  checked,
  onToggle,
  onFlag,
}: {
  s: Submission;
  slug: string;
  tag: string;
  checked: boolean;
  onToggle: () => void;
  onFlag: (f: SubmissionFlag) => void;
}) {
  const { t } = useTranslation(ns);
  return (
    <Table.Tr data-testid="submission-row" data-submission-id={s.id}>
      <Table.Td>
        <Checkbox aria-label={t('list.select', { title: s.filmTitle })} checked={checked} onChange={onToggle} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/submissions/${s.id}`} fw={600} size="sm">
          {s.filmTitle}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm">{s.filmmakerName}</Text>
        <Text size="xs" c="gray.7">
          {s.filmmakerEmail}
        </Text>
      </Table.Td>
      <Table.Td>{countryName(s.country, tag)}</Table.Td>
      <Table.Td>{s.categoryName}</Table.Td>
      <Table.Td>{t(`tier.${s.tier}`, { defaultValue: s.tier })}</Table.Td>
      <Table.Td>
        {t('list.credits', { count: s.paidCredits })}
        {s.waiverCode && (
          <Text span size="xs" c="gray.7">
            {' '}
            ({s.waiverCode})
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <time dateTime={s.createdAt}>{formatDay(s.createdAt, tag)}</time>
      </Table.Td>
      <Table.Td>
        <SubmissionStatusBadge status={s.status} awardName={s.awardName} />
        {s.entryStatus && (
          <Text size="xs" c="gray.7" mt={4} data-testid="row-entry-status">
            {entryStatusLabel(t, s.entryStatus)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <FlagBadge flag={s.flag} />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray.8" aria-label={t('flag.menu', { title: s.filmTitle })}>
                <FlagIcon />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {submissionFlags.map((f) => (
                <Menu.Item key={f} onClick={() => onFlag(f)} aria-current={s.flag === f ? 'true' : undefined}>
                  {t(`flag.${f}`)}
                </Menu.Item>
              ))}
              <Menu.Item onClick={() => onFlag('')}>{t('flag.clear')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
      <Table.Td>{s.scores?.judges ?? 0}</Table.Td>
      <Table.Td data-testid="weighted">{formatScore(s.scores?.weighted, tag)}</Table.Td>
      <Table.Td data-testid="calibrated">{formatCalibrated(s.scores?.calibrated, tag)}</Table.Td>
    </Table.Tr>
  );
}

function FlagIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
