import { Badge, Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldChange } from '../api/festivals';

/**
 * RevisionChanges lists a revision's changed public facts: for each field its
 * approved (public) value and the value waiting for review. A description
 * list, readable at 360 px (values wrap, newlines kept).
 */
export function RevisionChanges({ changes, testId = 'revision-changes' }: { changes: FieldChange[]; testId?: string }) {
  const { t } = useTranslation(['revision', 'festivals']);
  const empty = t('revision:emptyValue');
  const value = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;
  return (
    <Box component="dl" m={0} data-testid={testId} style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-xs)' }}>
      {changes.map((c) => (
          <div key={c.field} data-testid="revision-change">
            <Text component="dt" size="sm" fw={700} c="gray.9">
              {t(`festivals:form.${c.field}`)}
            </Text>
            <Text component="dd" size="sm" c="gray.8" m={0} style={value}>
              <Badge component="span" size="xs" variant="light" color="gray" mr={6}>
                {t('revision:old')}
              </Badge>
              {c.old || empty}
            </Text>
            <Text component="dd" size="sm" c="gray.9" m={0} style={value}>
              <Badge component="span" size="xs" variant="light" color="indigo" mr={6}>
                {t('revision:new')}
              </Badge>
              {c.new || empty}
            </Text>
          </div>
      ))}
    </Box>
  );
}
