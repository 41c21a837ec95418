import { Stack, Text } from '@mantine/core';
import { auditChanges } from './auditChanges';

/**
 * AuditChangeList shows what an audit entry changed, a line per field:
 * its name, the value before struck through, and the value after. The
 * admins' log and a festival's activity page show entries with it; each
 * says how a field is named and a value read (label, value), and what
 * stands for a field the change removed.
 */
export function AuditChangeList({
  entry,
  label,
  value,
  removed,
}: {
  entry: { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
  label: (key: string) => string;
  value: (key: string, v: unknown) => string;
  removed: string;
}) {
  return (
    <Stack gap={2}>
      {auditChanges(entry).map((c) => (
        <Text key={c.key} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="xs">
            {label(c.key)}
          </Text>
          {': '}
          {c.before !== undefined && (
            <>
              <Text span c="red.9" size="xs" td="line-through">
                {value(c.key, c.before)}
              </Text>
              {' → '}
            </>
          )}
          <Text span c="teal.9" size="xs">
            {c.after === undefined ? removed : value(c.key, c.after)}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
