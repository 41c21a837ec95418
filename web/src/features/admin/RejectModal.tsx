import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { adminFestivalsApi, type Festival } from '../../api/festivals';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { charCount } from '../../lib/text';

/** The longest rejection reason the server takes, in characters (marquee.RejectionReasonMax). */
const reasonMax = 1000;

/**
 * RejectModal asks for the reason (required, at most 1,000 characters) the
 * organiser will read; rejectWith sends it (the festival's rejection unless
 * given, e.g. its revision's).
 */
export function RejectModal({
  festival,
  onClose,
  onRejected,
  title,
  rejectWith = (f, reason) => adminFestivalsApi.reject(f.id, reason),
}: {
  festival: Festival | null;
  onClose: () => void;
  onRejected: (f: Festival) => void;
  title?: string;
  rejectWith?: (f: Festival, reason: string) => Promise<Festival>;
}) {
  const { t } = useTranslation('festivals');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: ({ f, reason }: { f: Festival; reason: string }) => rejectWith(f, reason),
    onSuccess: (f) => {
      setReason('');
      setProblem(null);
      onRejected(f);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.reason) setProblem(err.fields.reason);
    },
  });

  const close = () => {
    if (reject.isPending) return;
    setReason('');
    setProblem(null);
    reject.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!festival) return;
    const text = reason.trim();
    if (!text) return setProblem(t('admin.reasonRequired'));
    if (charCount(text) > reasonMax) return setProblem(t('admin.reasonTooLong', { max: reasonMax }));
    setProblem(null);
    reject.mutate({ f: festival, reason: text });
  };

  const otherError = reject.isError && !(reject.error instanceof ApiError && reject.error.fields.reason);

  return (
    <Modal
      opened={festival !== null}
      onClose={close}
      title={title ?? t('admin.rejectTitle', { name: festival?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('admin.cancel') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={submit} noValidate data-testid="reject-form">
        <Stack gap="md">
          {otherError && (
            <Notice color="red" role="alert">
              <Text size="sm" c="gray.9">
                {apiErrorText(reject.error, 'festivals')}
              </Text>
            </Notice>
          )}
          <Textarea
            label={t('admin.reason')}
            description={t('admin.reasonHint', { count: charCount(reason.trim()), max: reasonMax })}
            withAsterisk
            aria-required
            rows={5}
            resize="vertical"
            data-autofocus
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (problem && e.currentTarget.value.trim()) setProblem(null);
            }}
            error={problem}
            disabled={reject.isPending}
            styles={{
              description: { color: 'var(--mantine-color-gray-7)' },
              error: { color: 'var(--mantine-color-red-9)' },
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={reject.isPending}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={reject.isPending}>
              {t('admin.confirmReject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
