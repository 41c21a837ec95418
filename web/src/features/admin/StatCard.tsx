import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** StatCard: a title, a value, an optional line under it and an optional icon, as on the seed's dashboard. */
export function StatCard({ title, value, detail, icon }: { title: string; value: ReactNode; detail?: ReactNode; icon?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" shadow="xs" data-testid="stat-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="gray.7" fw={600}>
            {title}
          </Text>
          <Text fz={28} fw={800} mt={4} c="gray.9">
            {value}
          </Text>
          {detail && (
            <Text size="xs" c="gray.7" mt={2}>
              {detail}
            </Text>
          )}
        </div>
        {icon && (
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}
