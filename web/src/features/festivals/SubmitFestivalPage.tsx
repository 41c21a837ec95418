import { Anchor, Button, Container, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { festivalsApi, type Festival, myFestivalsKey } from '../../api/festivals';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { PageHero } from '../../ui/page/PageHero';
import pageClasses from '../../ui/page/pages.module.css';
import { FestivalDatesProvider, todayISO } from '../../lib/dates';
import { FestivalDetailsFields } from './FestivalDetailsFields';
import { emptyDetails } from './schema';
import { useDetailsForm } from './useDetailsForm';

/**
 * /submit: 'Submit Your Festival', the seed's registration form with real
 * dates (POST /api/v1/festivals). The new festival waits for an admin's
 * review; the organiser follows it from /manage.
 */
export default function SubmitFestivalPage() {
  const { t } = useTranslation('festivals');
  usePageMeta(t('submit.meta.title'), t('submit.meta.description'));
  const today = todayISO();
  const form = useDetailsForm(emptyDetails, { today });
  const [submitted, setSubmitted] = useState<Festival | null>(null);
  const queryClient = useQueryClient();
  const create = useMutation({ mutationFn: festivalsApi.create });
  const busy = create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(null);
    create.reset();
    const details = form.validate();
    if (!details) return;
    create.mutate(details, {
      onSuccess: (festival) => {
        setSubmitted(festival);
        form.reset(emptyDetails);
        void queryClient.invalidateQueries({ queryKey: myFestivalsKey });
      },
      onError: (err) => {
        form.showServerErrors(err);
      },
    });
  };

  return (
    <Container size="lg" className={pageClasses.page}>
      <PageHero
        title={t('submit.title')}
        subtitle={t('submit.subtitle')}
        image={{ src: '/images/blog/smart-submit.svg', alt: t('submit.imageAlt') }}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760} mx="auto" mt="xl">
        <form onSubmit={submit} noValidate aria-label={t('submit.formLabel')} data-testid="festival-form">
          <Stack gap="lg">
            <Text c="gray.7" size="sm">
              {t('submit.intro')}
            </Text>
            {submitted && (
              <Notice color="teal" role="status" title={t('submit.success')} data-testid="submit-success">
                <Stack gap={4}>
                  <Text size="sm" c="gray.9">
                    {t('submit.review', { name: submitted.name })}
                  </Text>
                  <Anchor component={Link} to="/manage" size="sm" fw={600} c="indigo.9">
                    {t('submit.manageLink')}
                  </Anchor>
                </Stack>
              </Notice>
            )}
            {create.isError && (
              <Notice color="red" role="alert" data-testid="submit-error">
                <Text size="sm" c="gray.9">
                  <span aria-hidden="true">❌ </span>
                  {t('submit.error', { message: submitErrorText(create.error) })}
                </Text>
              </Notice>
            )}
            <FestivalDatesProvider>
              <FestivalDetailsFields form={form} disabled={busy} minStartDate={today} />
            </FestivalDatesProvider>
            <div>
              <Button
                type="submit"
                disabled={busy}
                aria-busy={busy}
                leftSection={busy ? <Loader size="xs" color="currentColor" aria-hidden /> : undefined}
              >
                {busy ? t('submit.submitting') : t('submit.button')}
              </Button>
            </div>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

// The server words validation failures itself (in the user's language);
// other failures get the page's or the site's wording.
function submitErrorText(err: unknown): string {
  if (err instanceof ApiError && err.code === 'validation' && err.message && !/^HTTP \d+$/.test(err.message)) {
    return err.message;
  }
  return apiErrorText(err, 'festivals');
}
