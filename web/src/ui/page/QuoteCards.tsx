import { Text } from '@mantine/core';
import type { Quote } from './types';
import classes from './pages.module.css';

/** QuoteCards lists reviews or testimonials as figures with a blockquote and its author. */
export function QuoteCards({ quotes }: { quotes: Quote[] }) {
  return (
    <ul className={classes.quoteGrid}>
      {quotes.map((q) => (
        <li key={q.author}>
          <figure className={classes.quote}>
            <svg className={classes.quoteMark} viewBox="0 0 32 24" aria-hidden="true" focusable="false">
              <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h6v12H0Zm19 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h6v12H19Z" />
            </svg>
            <blockquote className={classes.quoteText}>
              <Text>{q.content}</Text>
            </blockquote>
            <figcaption className={classes.quoteAuthor}>
              <Text fw={700} component="span" display="block">
                {q.author}
              </Text>
              <Text component="span" size="sm" c="gray.7" display="block">
                {q.role}
              </Text>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
