import { Alert, type AlertProps } from '@mantine/core';

/**
 * Notice is a light Alert whose title and text stay dark for AA contrast
 * (Mantine's light variant colours the title in the accent colour), with an
 * accent bar on the left.
 */
export function Notice({ color = 'indigo', style, styles, ...props }: AlertProps & { 'data-testid'?: string }) {
  return (
    <Alert
      variant="light"
      color={color}
      styles={{
        title: { color: 'var(--mantine-color-gray-9)' },
        message: { color: 'var(--mantine-color-gray-9)' },
        ...(styles as object),
      }}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-7)`, ...(style as object) }}
      {...props}
    />
  );
}
