import { Anchor, Container, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ticketsApi } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { usePageMeta } from '../../lib/usePageMeta';
import { Notice } from '../../ui/Notice';
import { PageLoading } from '../../ui/page/PageState';
import { Title } from '../../ui/Title';
import { ScreeningSummary } from './BuyParts';
import { GuestBuyForm } from './GuestBuyForm';
import { ns } from './ScreeningsSection';

/**
 * /screenings/:id/guest: buying without an account. The name and address,
 * then the order's own page (its link also e-mailed once paid), where the
 * seats are paid and the tickets shown.
 */
export default function GuestBuyPage() {
  const { t } = useTranslation(ns);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['screening', Number(id)], queryFn: () => ticketsApi.screening(id) });
  usePageMeta(t('guest.title'), t('buy.metaDescription'));
  if (query.isPending) return <PageLoading />;
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1}>{t('guest.title')}</Title>
        {query.isError ? (
          <Notice color="red" role="alert" data-testid="buy-load-error">
            {query.error instanceof ApiError && query.error.status === 404 ? t('buy.notFound') : apiErrorText(query.error, ns)}
          </Notice>
        ) : (
          <>
            <ScreeningSummary screening={query.data} />
            <GuestBuyForm screening={query.data} onOrdered={(token) => void navigate(`/orders/guest/${token}`)} />
            <Text size="sm" c="gray.8">
              {t('guest.haveAccount')}{' '}
              <Anchor component={Link} to={`/screenings/${query.data.id}/buy`} c="indigo.9" underline="always">
                {t('guest.signIn')}
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
