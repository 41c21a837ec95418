import { Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { posterTypes, type PosterImages } from '../../api/films';
import { PosterImage } from '../../ui/PosterImage';
import { checkPoster } from './schema';

/** objectUrl makes a preview address of a file (none where the browser cannot, as in tests). */
function objectUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/**
 * PosterField chooses a poster: JPEG, PNG, WebP or GIF up to 5 MB, checked here
 * before anything is sent, with a preview. The chosen file is sent by the
 * form after the film is saved.
 */
export function PosterField({
  currentUrl,
  currentImages,
  file,
  onChange,
  error,
  disabled,
}: {
  /** The saved poster's address ("" when none). */
  currentUrl: string;
  /** The saved poster's two sizes, when the server has them. */
  currentImages?: PosterImages | null;
  file: File | null;
  onChange: (file: File | null) => void;
  /** A server's refusal of the last upload. */
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('films');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The chosen file's preview address, made when it is chosen and freed when
  // another replaces it or the field goes; shown while the form holds that file.
  const [chosenPreview, setChosenPreview] = useState<{ file: File; url: string | null } | null>(null);
  useEffect(
    () => () => {
      if (chosenPreview?.url) URL.revokeObjectURL(chosenPreview.url);
    },
    [chosenPreview],
  );
  const preview = chosenPreview && chosenPreview.file === file ? chosenPreview.url : null;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const bad = checkPoster(chosen);
    if (bad) {
      setProblem(t(`form.poster.${bad}`));
      onChange(null);
      if (input.current) input.current.value = '';
      return;
    }
    setProblem(null);
    setChosenPreview({ file: chosen, url: objectUrl(chosen) });
    onChange(chosen);
  };

  const shown = preview ?? (file ? null : currentUrl || null);
  const message = problem ?? error;

  return (
    <Stack gap="xs" data-testid="poster-field">
      <Text component="label" htmlFor={id} fw={500} size="sm">
        {t('form.poster.label')}
      </Text>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box w={96} h={144} style={{ flexShrink: 0, borderRadius: 6, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
          {preview ? (
            <Image src={preview} alt={t('form.poster.previewAlt')} w={96} h={144} fit="cover" data-testid="poster-preview" />
          ) : shown ? (
            <PosterImage
              url={shown}
              images={currentImages}
              use="detail"
              sizes="96px"
              alt={t('form.poster.previewAlt')}
              w={96}
              h={144}
              fit="cover"
              data-testid="poster-preview"
            />
          ) : (
            <Text size="xs" c="gray.7" ta="center" pt={56} px={4} data-testid="poster-none">
              {file ? file.name : t('form.poster.none')}
            </Text>
          )}
        </Box>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <input
            ref={input}
            id={id}
            type="file"
            accept={posterTypes.join(',')}
            disabled={disabled}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            aria-invalid={message ? true : undefined}
            onChange={(e) => choose(e.currentTarget.files?.[0])}
            data-testid="poster-input"
            style={{ maxWidth: '100%' }}
          />
          <Text size="xs" c="gray.7" id={`${id}-hint`}>
            {t('form.poster.hint')}
          </Text>
          {file && (
            <Group gap="xs">
              <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                {t('form.poster.chosen', { name: file.name })}
              </Text>
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => {
                  onChange(null);
                  if (input.current) input.current.value = '';
                }}
                disabled={disabled}
              >
                {t('form.poster.clear')}
              </Button>
            </Group>
          )}
          {message && (
            <Text size="sm" c="red.9" role="alert" id={`${id}-error`} data-testid="poster-error">
              {message}
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
