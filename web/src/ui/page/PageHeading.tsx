import { Stack, Text } from '@mantine/core';
import { Title } from '../Title';

/** PageHeading is a page's title and one-line explanation (the admin pages'). */
export function PageHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      <Text c="gray.7">{subtitle}</Text>
    </Stack>
  );
}
