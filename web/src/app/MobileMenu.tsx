import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { drawerZIndex } from './layers';

/** MobileMenu is the header's drawer under the `hiddenFrom` breakpoint (sm by default); loaded on first open. */
export default function MobileMenu({
  opened,
  onClose,
  title,
  closeLabel,
  children,
  hiddenFrom = 'sm',
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  hiddenFrom?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      hiddenFrom={hiddenFrom}
      size="xs"
      position="right"
      closeButtonProps={{ 'aria-label': closeLabel }}
      // Above the cookie banner (z-index 1000): an open menu is never half covered by it.
      zIndex={drawerZIndex}
    >
      {children}
    </Drawer>
  );
}
