import { Text } from '@mantine/core';
import { Title } from '../Title';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import classes from './pages.module.css';

/**
 * IconCard is the card the information pages list services, reasons and
 * values with: an icon badge, an h3 title, a paragraph and an optional
 * action below it.
 */
export function IconCard({
  icon,
  title,
  body,
  children,
}: {
  icon: IconName;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <article className={classes.card}>
      <span className={classes.iconBadge}>
        <Icon name={icon} />
      </span>
      <Title order={3} size="h4" className={classes.cardTitle}>
        {title}
      </Title>
      <Text className={classes.cardBody}>{body}</Text>
      {children}
    </article>
  );
}
