import { Anchor, Container, Paper, Text } from '@mantine/core';
import { Title } from './Title';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** AuthCard is the frame shared by the login and sign-up pages. */
export function AuthCard({
  title,
  intro,
  children,
  switchText,
  switchLabel,
  switchTo,
  switchState,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  switchText: string;
  switchLabel: string;
  switchTo: string;
  switchState?: unknown;
}) {
  return (
    <Container size={440} py={{ base: 'lg', sm: 48 }} px="md">
      <Title order={1} ta="center">
        {title}
      </Title>
      <Text c="gray.7" ta="center" mt="xs">
        {intro}
      </Text>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} mt="lg" radius="md">
        {children}
      </Paper>
      <Text ta="center" mt="md" size="sm">
        {switchText}{' '}
        <Anchor component={Link} to={switchTo} state={switchState} fw={600}>
          {switchLabel}
        </Anchor>
      </Text>
    </Container>
  );
}
