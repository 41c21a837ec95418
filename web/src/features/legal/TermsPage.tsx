import { Button, Collapse, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { termsApi } from '../../api/terms';
import { usePageMeta } from '../../lib/usePageMeta';
import { languageFor } from '../../i18n/languages';
import { sessionKey, useSession } from '../../lib/useSession';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ContentPage } from '../../ui/page/ContentPage';
import { LegalSection, type LegalSectionContent } from './LegalSection';

export interface TermsContent {
  eyebrow: string;
  title: string;
  subtitle: string;
  intro: string[];
  sections: LegalSectionContent[];
  details: LegalSectionContent[];
  acceptPrompt: string;
  [key: string]: unknown;
}

/** /terms: the terms summary, the full terms behind Details, and Accept. */
export default function TermsPage() {
  const { t } = useTranslation('legal');
  usePageMeta(t('terms.meta.title'), t('terms.meta.description'));
  const [detailsOpen, setDetailsOpen] = useState(false);

  return (
    <ContentPage<TermsContent> page="terms" reading>
      {(c) => (
        <>
          {c.sections.map((s, i) => (
            <LegalSection key={i} section={s} id={`terms-section-${i}`} />
          ))}
          <TermsActions content={c} detailsOpen={detailsOpen} onToggleDetails={() => setDetailsOpen((o) => !o)} />
        </>
      )}
    </ContentPage>
  );
}

/**
 * TermsActions: Details expands the full terms; Accept records acceptance for
 * a signed-in user (POST /api/v1/me/terms) or asks a visitor to log in.
 */
function TermsActions({
  content: c,
  detailsOpen,
  onToggleDetails,
}: {
  content: TermsContent;
  detailsOpen: boolean;
  onToggleDetails: () => void;
}) {
  const { t, i18n } = useTranslation('legal');
  const { user, isLoading } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [askLogin, setAskLogin] = useState(false);
  const accept = useMutation({
    mutationFn: termsApi.accept,
    onSuccess: (updated) => queryClient.setQueryData(sessionKey, updated),
  });

  const locale = languageFor(i18n.resolvedLanguage ?? i18n.language).htmlLang;
  const acceptedAt = user?.termsAcceptedAt ? new Date(user.termsAcceptedAt) : null;
  const accepted = acceptedAt !== null && !Number.isNaN(acceptedAt.getTime());

  const onAccept = () => {
    if (!user) {
      setAskLogin(true);
      return;
    }
    accept.mutate();
  };

  return (
    <Stack gap="md">
      {!accepted && (
        <Text size="sm" c="gray.7">
          {c.acceptPrompt}
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          onClick={onToggleDetails}
          aria-expanded={detailsOpen}
          aria-controls="terms-details"
          data-testid="terms-details-toggle"
        >
          {detailsOpen ? t('terms.hideDetails') : t('terms.details')}
        </Button>
        {!accepted && (
          <Button
            onClick={onAccept}
            disabled={isLoading || accept.isPending}
            aria-busy={accept.isPending}
            data-testid="terms-accept"
          >
            {accept.isPending ? t('terms.accepting') : t('terms.accept')}
          </Button>
        )}
      </Group>
      <Collapse expanded={detailsOpen} id="terms-details">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="lg">
            <Title order={2} size="h3">
              {t('terms.fullTermsTitle')}
            </Title>
            {c.details.map((s, i) => (
              <Stack key={i} gap="lg">
                {i > 0 && <Divider />}
                <LegalSection section={s} id={`terms-detail-${i}`} level={3} />
              </Stack>
            ))}
          </Stack>
        </Paper>
      </Collapse>
      <div aria-live="polite">
        {accepted && acceptedAt && (
          <Notice color="teal" title={t('terms.acceptedTitle')} data-testid="terms-accepted">
            <Text size="sm" c="gray.9">
              {t('terms.acceptedOn', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(acceptedAt) })}
            </Text>
          </Notice>
        )}
        {askLogin && !user && (
          <Notice color="indigo" title={t('terms.loginRequiredTitle')} data-testid="terms-login-required">
            <Stack gap="xs">
              <Text size="sm" c="gray.9">
                {t('terms.loginRequired')}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/login" state={{ from: location }} size="xs">
                  {t('terms.loginLink')}
                </Button>
                <Button component={Link} to="/signup" state={{ from: location }} size="xs" variant="default">
                  {t('terms.signupLink')}
                </Button>
              </Group>
            </Stack>
          </Notice>
        )}
      </div>
      {accept.isError && (
        <Notice color="red" title={t('terms.acceptFailed')} role="alert">
          <Text size="sm" c="gray.9">
            {apiErrorText(accept.error, 'legal')}
          </Text>
        </Notice>
      )}
    </Stack>
  );
}
