import { Text } from '@mantine/core';
import { Title } from '../Title';
import type { ReactNode } from 'react';
import { Picture } from './Picture';
import type { ContentImage } from './types';
import classes from './pages.module.css';

/**
 * PageHero is the opening band of an information page: the page's only h1,
 * a short introduction, optional actions and an optional illustration.
 */
export function PageHero({
  title,
  subtitle,
  eyebrow,
  image,
  children,
}: {
  title: string;
  subtitle?: string;
  eyebrow?: string;
  image?: ContentImage;
  children?: ReactNode;
}) {
  return (
    <section className={classes.hero} aria-labelledby="page-title">
      <div className={image ? classes.heroGrid : undefined}>
        <div className={classes.heroText}>
          {eyebrow && <Text className={classes.eyebrow}>{eyebrow}</Text>}
          <Title order={1} id="page-title" className={classes.heroTitle}>
            {title}
          </Title>
          {subtitle && <Text className={classes.heroSubtitle}>{subtitle}</Text>}
          {children && <div className={classes.heroActions}>{children}</div>}
        </div>
        {image && (
          <Picture src={image.src} alt={image.alt} width={640} height={440} eager className={classes.heroImage} />
        )}
      </div>
    </section>
  );
}
