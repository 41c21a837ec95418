import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Notice } from './Notice';

/**
 * ConfirmDialog asks before an action that cannot be taken back (remove,
 * delete, withdraw, cancel, end): the question (children), the action's
 * failure in words, Cancel (focused first) and the action. While the action
 * runs the dialog stays open and its buttons wait.
 */
export function ConfirmDialog({
  opened,
  title,
  onClose,
  onConfirm,
  pending,
  error,
  cancelLabel,
  closeLabel = cancelLabel,
  confirmLabel,
  confirmColor = 'red.9',
  confirmDisabled = false,
  confirmTestId,
  errorTestId,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  /** The failure of the last attempt, already worded (apiErrorText); nothing when none. */
  error?: string | null;
  cancelLabel: string;
  /** The accessible name of the dialog's close button (the cancel label unless given). */
  closeLabel?: string;
  confirmLabel: string;
  confirmColor?: MantineColor;
  confirmDisabled?: boolean;
  confirmTestId?: string;
  errorTestId?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      <Stack gap="md">
        {children}
        {error && (
          <Notice color="red" role="alert" data-testid={errorTestId}>
            <Text size="sm" c="gray.9">
              {error}
            </Text>
          </Notice>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} loading={pending} disabled={confirmDisabled} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
