import { Text } from '@mantine/core';
import { Title } from '../Title';
import { useId, type ReactNode } from 'react';
import classes from './pages.module.css';

/** PageSection is a titled <section> (h2) of an information page. */
export function PageSection({
  title,
  subtitle,
  children,
  tone = 'plain',
  centered = false,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
  tone?: 'plain' | 'tinted';
  centered?: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`${classes.section} ${tone === 'tinted' ? classes.tinted : ''} ${centered ? classes.centered : ''}`}
    >
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {subtitle && <Text className={classes.sectionSubtitle}>{subtitle}</Text>}
      {children}
    </section>
  );
}
