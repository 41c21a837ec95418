import { Anchor, Box, Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsent } from './consent';

// The preferences dialog (Modal, Switch) loads only when asked for.
const CookiePreferencesModal = lazy(() => import('./CookiePreferencesModal').then((m) => ({ default: m.CookiePreferencesModal })));

/**
 * CookieBanner asks first-time visitors for cookie consent. It is a fixed
 * region at the bottom of the window, shown only while no choice is stored;
 * a spacer of its height keeps the footer reachable while it is visible.
 */
export function CookieBanner() {
  const { t } = useTranslation('cookies');
  const { decided, acceptAll, essentialOnly } = useConsent();
  const [prefsOpen, setPrefsOpen] = useState(false);
  const { ref, height } = useElementSize();
  const titleId = useId();
  const textId = useId();

  if (decided && !prefsOpen) return null;

  return (
    <>
      {!decided && (
        <>
          <Box aria-hidden style={{ height: height + 32 }} />
          <Box
            component="section"
            role="region"
            aria-label={t('banner.label')}
            aria-describedby={textId}
            data-testid="cookie-banner"
            pos="fixed"
            bottom={0}
            left={0}
            right={0}
            p={{ base: 'xs', sm: 'md' }}
            style={{ zIndex: 1000, pointerEvents: 'none' }}
          >
            <Paper
              ref={ref}
              shadow="lg"
              withBorder
              radius="md"
              p={{ base: 'sm', sm: 'md' }}
              maw={960}
              mx="auto"
              style={{ pointerEvents: 'auto' }}
            >
              <Text id={titleId} fw={700} mb={4}>
                {t('banner.title')}
              </Text>
              <Text id={textId} size="sm" c="gray.8">
                {t('banner.text')}{' '}
                <Anchor component={Link} to="/cookies" size="sm" fw={600}>
                  {t('banner.policyLink')}
                </Anchor>
              </Text>
              <Group gap="xs" mt="sm" justify="flex-end" wrap="wrap">
                <Button variant="subtle" size="sm" onClick={() => setPrefsOpen(true)}>
                  {t('banner.preferences')}
                </Button>
                <Button variant="default" size="sm" onClick={essentialOnly}>
                  {t('banner.essentialOnly')}
                </Button>
                <Button size="sm" onClick={acceptAll}>
                  {t('banner.acceptAll')}
                </Button>
              </Group>
            </Paper>
          </Box>
        </>
      )}
      {prefsOpen && (
        <Suspense fallback={null}>
          <CookiePreferencesModal opened={prefsOpen} onClose={() => setPrefsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export default CookieBanner;
