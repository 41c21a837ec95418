import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IsoBadge } from './IsoBadge';
import { MarqueeLogo } from './MarqueeLogo';

const siteLinks = [
  { to: '/about', key: 'footer.about' },
  { to: '/blogs', key: 'footer.blogs' },
  { to: '/movies', key: 'footer.lists' },
  { to: '/faqs', key: 'footer.faqs' },
  { to: '/contact', key: 'footer.contact' },
  // The API reference is the server's page (GET /api-docs), not the app's.
  { to: '/api-docs', key: 'footer.api', server: true },
] as const;

const legalLinks = [
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/cookies', key: 'footer.cookies' },
] as const;

/** Footer: site and legal links, the ISO badge and the copyright line. */
/** FooterLinks is one labelled list of footer links. */
function FooterLinks({ label, links }: { label: string; links: readonly { to: string; key: string; server?: boolean }[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="nav" aria-label={label}>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {links.map((l) => (
          <li key={l.to}>
            {l.server ? (
              <Anchor href={`${l.to}?lang=${i18n.language}`} size="sm" c="gray.8">
                {t(l.key)}
              </Anchor>
            ) : (
              <Anchor component={Link} to={l.to} size="sm" c="gray.8">
                {t(l.key)}
              </Anchor>
            )}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" bg="gray.0" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={320}>
            <Group gap={8} wrap="nowrap">
              <MarqueeLogo size={28} />
              <Text fw={800} fz="lg" c="indigo.9">
                {t('common.brand')}
              </Text>
            </Group>
            <Text size="sm" c="gray.7">
              {t('footer.tagline')}
            </Text>
            <IsoBadge />
          </Stack>
          <Group align="flex-start" gap={48}>
            <FooterLinks label={t('footer.siteNav')} links={siteLinks} />
            <FooterLinks label={t('footer.legalNav')} links={legalLinks} />
          </Group>
        </Group>
        <Text size="sm" c="gray.7" mt="xl" ta="center" data-testid="copyright">
          {t('footer.copyright', { year })}
        </Text>
      </Container>
    </Box>
  );
}
