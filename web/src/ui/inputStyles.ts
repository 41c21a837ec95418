/** inputStyles darken Mantine's default description and error colours, too light for AA contrast. */
export const inputStyles = {
  description: { color: 'var(--mantine-color-gray-7)' },
  error: { color: 'var(--mantine-color-red-9)' },
  input: { color: 'var(--mantine-color-black)' },
};
