import { List, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';

/** One titled section of a legal page: paragraphs, then an optional list. */
export interface LegalSectionContent {
  title: string;
  paragraphs: string[];
  items?: string[];
}

export function LegalSection({ section, id, level = 2 }: { section: LegalSectionContent; id: string; level?: 2 | 3 }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={level} size={level === 2 ? 'h3' : 'h4'} id={id}>
        {section.title}
      </Title>
      {section.paragraphs.map((p, i) => (
        <Text key={i}>{p}</Text>
      ))}
      {section.items && section.items.length > 0 && (
        <List spacing="xs" withPadding>
          {section.items.map((item, i) => (
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
