import { Alert, Box, Button, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, authApi } from '../../api/client';
import { apiErrorText, isNetworkError } from '../../lib/apiErrorText';
import { FormError, PasswordField } from '../../ui/AuthFields';
import { sessionSignedOut } from '../../lib/useSession';
import { notify } from '../../lib/notify';
import classes from './account.module.css';
import {
  emptyPasswordValues,
  knownServerMessages,
  passwordFields,
  passwordLimits,
  validatePasswordChange,
  type PasswordErrors,
  type PasswordField as Field,
  type PasswordValues,
} from './schema';

/** A field's problem: a key under account.password.errors, or the server's own text. */
type FieldProblem = { key: string } | { text: string };

function fromClient(errors: PasswordErrors): Partial<Record<Field, FieldProblem>> {
  const out: Partial<Record<Field, FieldProblem>> = {};
  for (const f of passwordFields) if (errors[f]) out[f] = { key: errors[f] };
  return out;
}

function fromServer(fields: Record<string, string>): Partial<Record<Field, FieldProblem>> {
  const out: Partial<Record<Field, FieldProblem>> = {};
  for (const f of passwordFields) {
    const text = fields[f];
    if (!text) continue;
    const key = knownServerMessages[text];
    out[f] = key ? { key } : { text };
  }
  return out;
}

/**
 * ChangePasswordForm changes the signed-in user's password (POST
 * /api/v1/me/password). It checks the server's rules first and shows each
 * problem beside its field, the server's too. The server then signs out the
 * user's other sessions; this one stays.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState<PasswordValues>(emptyPasswordValues);
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Set when new problems appear, so that the first invalid field takes the focus.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const change = useMutation({
    mutationFn: (v: PasswordValues) => authApi.changePassword(v.currentPassword, v.newPassword),
  });

  const onChange = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setSucceeded(false);
    if (attempted) {
      const result = validatePasswordChange(next);
      setProblems(result.ok ? {} : fromClient(result.errors));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setAttempted(true);
    setSucceeded(false);
    setFormError(null);
    const result = validatePasswordChange(values);
    if (!result.ok) {
      setProblems(fromClient(result.errors));
      setFocusRequest((n) => n + 1);
      return;
    }
    setProblems({});
    change.mutate(result.data, {
      onSuccess: () => {
        setValues(emptyPasswordValues);
        setAttempted(false);
        setSucceeded(true);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) {
          // The session has ended: say so, and let the guard send the user to
          // the login page, which brings them back here.
          void notify('red', t('account.password.sessionEnded'));
          sessionSignedOut(client);
          return;
        }
        const fieldProblems = err instanceof ApiError ? fromServer(err.fields) : {};
        if (Object.keys(fieldProblems).length > 0) {
          setProblems(fieldProblems);
          setFocusRequest((n) => n + 1);
          return;
        }
        setFormError(
          isNetworkError(err)
            ? t('account.password.network')
            : apiErrorText(err, 'common', t('account.password.failed')),
        );
      },
    });
  };

  const problemText = (field: Field): string | undefined => {
    const p = problems[field];
    if (!p) return undefined;
    if ('text' in p) return p.text;
    return t(`account.password.errors.${p.key}`, { min: passwordLimits.min, max: passwordLimits.max });
  };

  const busy = change.isPending;

  return (
    <Paper
      withBorder
      shadow="xs"
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="account-password"
    >
      <Stack gap="lg">
        <Box>
          <Title order={2} size="h3" id="account-password">
            {t('account.password.title')}
          </Title>
          <Text size="sm" c="gray.7" mt={4}>
            {t('account.password.intro')}
          </Text>
          {/* Always present (and empty until needed), so that screen readers announce the success. */}
          <div role="status" aria-live="polite">
            {succeeded && (
              <Alert
                mt="lg"
                color="teal"
                variant="light"
                title={t('account.password.successTitle')}
                role="note"
                data-testid="password-success"
                withCloseButton
                closeButtonLabel={t('common.closeNotification')}
                onClose={() => setSucceeded(false)}
                styles={{
                  title: { color: 'var(--mantine-color-gray-9)' },
                  message: { color: 'var(--mantine-color-gray-9)' },
                }}
                style={{ borderLeft: '4px solid var(--mantine-color-teal-8)' }}
              >
                {t('account.password.success')}
              </Alert>
            )}
          </div>
        </Box>
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          aria-labelledby="account-password"
          aria-busy={busy || undefined}
          className={classes.form}
          data-testid="password-form"
        >
          <Stack gap="md" maw={520}>
            <FormError error={formError} />
            <PasswordField
              label={t('account.password.current')}
              name="currentPassword"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={onChange('currentPassword')}
              error={problemText('currentPassword')}
            />
            <PasswordField
              label={t('account.password.new')}
              name="newPassword"
              autoComplete="new-password"
              description={t('account.password.newHint', { min: passwordLimits.min })}
              value={values.newPassword}
              onChange={onChange('newPassword')}
              error={problemText('newPassword')}
            />
            <PasswordField
              label={t('account.password.confirm')}
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={onChange('confirmPassword')}
              error={problemText('confirmPassword')}
            />
            <div>
              <Button type="submit" loading={busy} data-testid="password-submit">
                {t('account.password.submit')}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
