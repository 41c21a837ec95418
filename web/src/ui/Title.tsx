import { Title as MantineTitle } from '@mantine/core';
import type { ComponentProps } from 'react';
import { breakWords } from './Words';

/**
 * Title is Mantine's Title whose text wraps between words in Chinese and
 * Japanese too (see wordBreaks): every heading of the site uses it, so a
 * long name such as 東京国際ドキュメンタリー映画祭 on a phone breaks at
 * ドキュメンタリー|映画祭, never inside a word.
 */
export function Title({ children, ...props }: ComponentProps<typeof MantineTitle>) {
  return <MantineTitle {...props}>{breakWords(children)}</MantineTitle>;
}
