import { Badge, Box, Button } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './FiltersFold.module.css';

/**
 * FiltersFold holds the discovery filters. On a phone (under sm) they are
 * folded behind a 'Filters' button that tells how many are in use; from sm
 * up they are always shown and the button is hidden (CSS only, so nothing
 * jumps when the page renders).
 */
export function FiltersFold({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation('festivals');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <Button
        className={classes.toggle}
        variant="default"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="filters-toggle"
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle aria-hidden="true">
              {active}
            </Badge>
          ) : null
        }
      >
        {open ? t('discover.hideFilters') : t('discover.showFilters', { count: active })}
      </Button>
      <Box id={panelId} className={classes.panel} data-folded={!open}>
        {children}
      </Box>
    </>
  );
}
