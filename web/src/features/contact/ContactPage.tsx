import { Anchor, Grid, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { siteApi } from '../../api/site';
import { usePageMeta } from '../../lib/usePageMeta';
import { ContentPage } from '../../ui/page/ContentPage';
import { ContactForm } from './ContactForm';
import { lineIconProps } from '../../ui/lineIcon';

export type ContactContent = {
  eyebrow: string;
  title: string;
  subtitle: string;
  intro: string[];
  info: { title: string; text: string; hours: string };
  form: { title: string; text: string };
  [key: string]: unknown;
}

const iconProps = lineIconProps(20);
const MailIcon = () => (
  <svg {...iconProps}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </svg>
);
const PhoneIcon = () => (
  <svg {...iconProps}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" />
  </svg>
);
const PinIcon = () => (
  <svg {...iconProps}>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0114 0c0 4.8-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </svg>
);

/** telHref keeps the digits and a leading + of a phone number for a tel: link. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={700} c="gray.8">
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

function SupportDetails() {
  const { t } = useTranslation('contact');
  const site = useQuery({ queryKey: ['site'], queryFn: siteApi.get, staleTime: 5 * 60_000 });

  if (site.isPending) {
    return <Loader role="status" size="sm" aria-label={t('info.loading')} />;
  }
  if (site.isError || !site.data) {
    return (
      <Text size="sm" c="gray.7" data-testid="contact-info-error">
        {t('info.unavailable')}
      </Text>
    );
  }
  const { supportEmail, supportPhone, supportAddress } = site.data;
  return (
    <Stack gap="md" data-testid="contact-info">
      {supportEmail && (
        <InfoRow icon={<MailIcon />} label={t('info.email')}>
          <Anchor href={`mailto:${supportEmail}`} style={{ overflowWrap: 'anywhere' }} data-testid="support-email">
            {supportEmail}
          </Anchor>
        </InfoRow>
      )}
      {supportPhone && (
        <InfoRow icon={<PhoneIcon />} label={t('info.phone')}>
          <Anchor href={telHref(supportPhone)} data-testid="support-phone">
            {supportPhone}
          </Anchor>
        </InfoRow>
      )}
      {supportAddress && (
        <InfoRow icon={<PinIcon />} label={t('info.address')}>
          <Text
            component="address"
            size="sm"
            style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}
            data-testid="support-address"
          >
            {supportAddress}
          </Text>
        </InfoRow>
      )}
    </Stack>
  );
}

/** /contact: the operators' support details and a working message form. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  usePageMeta(t('meta.title'), t('meta.description'));

  return (
    <ContentPage<ContactContent> page="contact">
      {(c) => (
        <>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="contact-info-title" h="100%">
                <Stack gap="md">
                  <Title order={2} size="h3" id="contact-info-title">
                    {c.info.title}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {c.info.text}
                  </Text>
                  <SupportDetails />
                  <Text size="sm" c="gray.7">
                    {c.info.hours}
                  </Text>
                </Stack>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="contact-form-title">
                <Stack gap="md">
                  <Title order={2} size="h3" id="contact-form-title">
                    {c.form.title}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {c.form.text}
                  </Text>
                  <ContactForm />
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      )}
    </ContentPage>
  );
}
