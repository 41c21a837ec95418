import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoading } from '../ui/page/PageState';
import { CookieBanner } from '../features/cookies/CookieBanner';
import { useForgetSessionAfterLogout } from '../lib/useSession';
import { VerifyEmailNotice } from '../features/auth/VerifyEmailNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress, useMainProps } from './NavigationProgress';
import { ScrollRestoration } from './ScrollRestoration';

/** PublicLayout: skip link, header, the page, footer and the cookie banner. */
export function PublicLayout() {
  const { t } = useTranslation();
  useForgetSessionAfterLogout();
  const mainProps = useMainProps();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('skipLink')}
      </a>
      <Header />
      <VerifyEmailNotice />
      <NavigationProgress />
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }} {...mainProps}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <CookieBanner />
      <ScrollRestoration />
    </Box>
  );
}
