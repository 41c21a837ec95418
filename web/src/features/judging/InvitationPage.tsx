import { Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { judgingApi } from '../../api/judging';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../../lib/useSession';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { judgeFestivalsKey, ns } from './shared';

/**
 * /judge/invitations/:token: where an invitation e-mail lands. Signed in
 * with the invited address: accept and go to the queue. Signed out: log in
 * or sign up (preferred when the address has no account) and come back
 * here (the login and sign-up pages return to state.from).
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('invitation.title'), t('invitation.description'));
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useSession();
  const invitation = useQuery({ queryKey: ['judging', 'invitation', token], queryFn: () => judgingApi.invitation(token), retry: false });
  const accept = useMutation({
    mutationFn: () => judgingApi.accept(token),
    onSuccess: (f) => {
      void queryClient.invalidateQueries({ queryKey: judgeFestivalsKey });
      void navigate(`/judge/${encodeURIComponent(f.festivalSlug)}`);
    },
  });

  if (invitation.isPending || isLoading) return <PageLoading />;

  let body: React.ReactNode;
  if (invitation.isError) {
    const notFound = invitation.error instanceof ApiError && invitation.error.status === 404;
    body = (
      <Notice color="red" role="alert" title={t('invitation.invalid')} data-testid="invitation-error">
        <Text size="sm" c="gray.9">
          {notFound ? t('invitation.invalidText') : apiErrorText(invitation.error, ns)}
        </Text>
      </Notice>
    );
  } else {
    const inv = invitation.data;
    const from = { pathname: location.pathname, search: location.search };
    const sameEmail = user && user.email.toLowerCase() === inv.email.toLowerCase();
    body = (
      <Stack gap="md">
        <Text>{t('invitation.text', { festival: inv.festivalName, email: inv.email })}</Text>
        {user ? (
          <Stack gap="sm">
            {!sameEmail && (
              <Text size="sm" c="gray.7" data-testid="invitation-other-email">
                {t('invitation.signedInAs', { email: user.email })}
              </Text>
            )}
            <Group>
              <Button onClick={() => accept.mutate()} loading={accept.isPending}>
                {t('invitation.accept')}
              </Button>
            </Group>
            {accept.isError && (
              <Notice color="red" role="alert" data-testid="accept-error">
                <Text size="sm" c="gray.9">
                  {/* The server's own words: the invitation is for another address. */}
                  {accept.error instanceof ApiError && accept.error.status === 403 && accept.error.message
                    ? accept.error.message
                    : apiErrorText(accept.error, ns)}
                </Text>
              </Notice>
            )}
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              {inv.hasAccount ? t('invitation.logInFirst') : t('invitation.signUpFirst', { email: inv.email })}
            </Text>
            <Group gap="sm">
              {inv.hasAccount ? (
                <>
                  <Button component={Link} to="/login" state={{ from }}>
                    {t('invitation.logIn')}
                  </Button>
                  <Button component={Link} to="/signup" state={{ from }} variant="default">
                    {t('invitation.signUp')}
                  </Button>
                </>
              ) : (
                <>
                  <Button component={Link} to="/signup" state={{ from }}>
                    {t('invitation.signUp')}
                  </Button>
                  <Button component={Link} to="/login" state={{ from }} variant="default">
                    {t('invitation.logIn')}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1}>{invitation.data ? t('invitation.heading', { festival: invitation.data.festivalName }) : t('invitation.title')}</Title>
          {body}
        </Stack>
      </Paper>
    </Container>
  );
}
