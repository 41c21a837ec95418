import { Alert, Anchor, Button, Container, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { exportDownloadUrl, privacyApi } from '../../api/privacy';
import { usePageMeta } from '../../lib/usePageMeta';
import { privacyErrorMessage } from './errors';
import { FormError, PasswordField } from '../../ui/AuthFields';
import { notify } from '../../lib/notify';
import { deleteSchema, fieldErrors } from './schema';

/**
 * PrivacyPage (/account/privacy, signed-in users): download a copy of
 * one's data (built in the background and e-mailed as a link, which lands
 * here with ?export=token), and delete one's account with the password and
 * a typed confirmation word.
 */
export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  usePageMeta(t('page.title'), t('page.description'));
  const [params] = useSearchParams();
  const token = params.get('export') ?? '';

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }} px="md">
      <Anchor component={Link} to="/account" size="sm">
        {t('page.back')}
      </Anchor>
      <Title order={1} mt="xs">
        {t('page.title')}
      </Title>
      <Text c="gray.7" mt="xs">
        {t('page.intro')}
      </Text>
      <Stack gap="lg" mt="xl">
        {token && (
          <Alert color="blue" variant="light" title={t('export.readyTitle')} data-testid="export-ready">
            <Text size="sm">{t('export.readyText')}</Text>
            <Anchor href={exportDownloadUrl(token)} download fw={600}>
              {t('export.download')}
            </Anchor>
          </Alert>
        )}
        <ExportSection />
        <DeleteSection />
      </Stack>
    </Container>
  );
}

/** ExportSection asks for a copy of the user's data. */
function ExportSection() {
  const { t } = useTranslation('privacy');
  const ask = useMutation({ mutationFn: privacyApi.requestExport });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('export.title')}
        </Title>
        <Text size="sm">{t('export.intro')}</Text>
        <div role="status" aria-live="polite">
          {ask.isSuccess && (
            <Alert color="green" variant="light" data-testid="export-requested">
              {t('export.requested')}
            </Alert>
          )}
        </div>
        {ask.isError && (
          <Alert color="red" variant="light" role="alert">
            {privacyErrorMessage(ask.error, t('export.failed'))}
          </Alert>
        )}
        <Button onClick={() => ask.mutate()} loading={ask.isPending} disabled={ask.isSuccess}>
          {t('export.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** DeleteSection deletes the account, confirmed with the password and a typed word. */
function DeleteSection() {
  const { t } = useTranslation('privacy');
  const navigate = useNavigate();
  const word = t('delete.word');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const remove = useMutation({ mutationFn: (pw: string) => privacyApi.deleteAccount(pw) });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (remove.isPending) return;
    const result = deleteSchema(word).safeParse({ password, confirm });
    const errors = fieldErrors(result);
    setProblems(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, t(`errors.${v}`, { word })])));
    if (!result.success) return;
    remove.mutate(password, {
      onSuccess: async () => {
        void notify('green', t('delete.done'), { testId: 'account-deleted' });
        // As a logout: the public layout forgets the session once home.
        await navigate('/', { state: { loggedOut: true } });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields.password) setProblems({ password: err.fields.password });
      },
    });
  }

  const fieldError = remove.error instanceof ApiError && remove.error.fields.password;
  const error = remove.isError && !fieldError ? privacyErrorMessage(remove.error, t('delete.failed')) : null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={onSubmit} noValidate aria-label={t('delete.title')}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('delete.title')}
          </Title>
          <Text size="sm">{t('delete.intro')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('delete.removed')}</List.Item>
            <List.Item>{t('delete.kept')}</List.Item>
            <List.Item>{t('delete.festivals')}</List.Item>
          </List>
          <FormError error={error} />
          <PasswordField
            value={password}
            onChange={setPassword}
            error={problems.password}
            autoComplete="current-password"
          />
          <TextInput
            label={t('delete.confirmLabel', { word })}
            name="confirm"
            autoComplete="off"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={problems.confirm}
            aria-invalid={problems.confirm ? true : undefined}
          />
          <Button type="submit" color="red" loading={remove.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('delete.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
