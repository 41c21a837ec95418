import { Table } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import classes from './StackedTable.module.css';

/**
 * labelCells copies each column header's text into the data-label of that
 * column's cells, which the phone layout shows above each value. Cells that
 * span columns (an empty-list message) get no label.
 */
export function labelCells(root: HTMLElement) {
  for (const table of root.querySelectorAll('table')) {
    const headers = [...table.querySelectorAll('thead tr:first-child > th')].map((th) => th.textContent?.trim() ?? '');
    for (const row of table.querySelectorAll('tbody > tr')) {
      [...row.children].forEach((cell, i) => {
        const label = headers[i];
        if (cell.tagName === 'TD' && label && (cell as HTMLTableCellElement).colSpan === 1) {
          if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        } else {
          cell.removeAttribute('data-label');
        }
      });
    }
  }
}

/**
 * StackedTable is the container of a list's table: on a wide screen a
 * table that scrolls sideways under `minWidth`; under 600 px a stack of
 * cards, one per row, each value under its column's name (StackedTable.module.css).
 */
export function StackedTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Rows change with every page of results: label them after each render.
  useLayoutEffect(() => {
    if (ref.current) labelCells(ref.current);
  });
  return (
    <Table.ScrollContainer ref={ref} minWidth={minWidth} className={classes.stacked}>
      {children}
    </Table.ScrollContainer>
  );
}
