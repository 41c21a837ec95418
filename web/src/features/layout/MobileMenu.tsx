import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** MobileMenu is the header's drawer under the sm breakpoint; loaded on first open. */
export default function MobileMenu({
  opened,
  onClose,
  title,
  closeLabel,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      hiddenFrom="sm"
      size="xs"
      position="right"
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {children}
    </Drawer>
  );
}
