import { Anchor, Box, Burger, Button, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { doorFestivals } from '../api/doorFestivals';
import { myTickets } from '../api/myTickets';
import { useLogout, useSession } from '../lib/useSession';
import { useJudgeFestivals } from '../features/judging/shared';
import { LanguageMenu } from './LanguageMenu';
import { notify } from '../lib/notify';
import { MarqueeLogo } from './MarqueeLogo';

// The drawer (Modal machinery, scroll lock) loads when the burger is first pressed.
const MobileMenu = lazy(() => import('./MobileMenu'));

/**
 * Header is on every public page: home link, Explore, Pricing, the language
 * menu and the account buttons (a signed-in user's festivals, /manage, films,
 * submissions and account); under the sm breakpoint (lg when signed in)
 * they move into a drawer opened by the burger.
 */
export function Header() {
  const { t } = useTranslation();
  const { user, isLoading, isAdmin } = useSession();
  // /manage holds everyone's reminders and the festivals a user registered:
  // organisers and admins know it as their festivals, filmmakers as reminders.
  const manageLabel = user && user.role !== 'filmmaker' ? t('header.manage') : t('header.reminders');
  const logout = useLogout();
  // One cached query: the Judging link shows for users who judge a festival.
  const judging = useJudgeFestivals(user !== null);
  const judges = (judging.data?.length ?? 0) > 0;
  // Door staff get a link to each festival's check-in page.
  const doors = useQuery({ queryKey: ['door-festivals'], queryFn: doorFestivals, enabled: user !== null, staleTime: 5 * 60_000 });
  // My tickets shows in the bar for buyers who have tickets (the bar is full
  // at 1280 px otherwise); the drawer and the account page always link it.
  const hasTickets = useQuery({
    queryKey: ['tickets', 'any'],
    queryFn: () => myTickets(1),
    enabled: user !== null,
    staleTime: 5 * 60_000,
    select: (p) => p.total > 0,
  });
  const [drawerOpened, drawer] = useDisclosure(false);
  // Stays mounted after the first open so that closing can animate.
  const [drawerUsed, setDrawerUsed] = useState(false);

  async function onLogout() {
    drawer.close();
    try {
      await logout();
      notify('green', t('header.loggedOut'));
    } catch {
      notify('red', t('header.logoutFailed'));
    }
  }

  const account = (mobile: boolean) => {
    if (isLoading) return null;
    const close = mobile ? drawer.close : undefined;
    // The signed-in bar carries up to nine buttons: narrower padding keeps it within 1280 px.
    const px = mobile ? undefined : 'xs';
    if (user) {
      return (
        <>
          {isAdmin && (
            <Button component={Link} to="/admin" variant="subtle" onClick={close} fullWidth={mobile} px={px}>
              {t('header.admin')}
            </Button>
          )}
          <Button component={Link} to="/festivals" variant="subtle" onClick={close} fullWidth={mobile} px={px} data-testid="nav-festivals">
            {t('header.festivals')}
          </Button>
          <Button component={Link} to="/manage" variant="subtle" onClick={close} fullWidth={mobile} px={px} data-testid="nav-manage">
            {manageLabel}
          </Button>
          <Button component={Link} to="/films" variant="subtle" onClick={close} fullWidth={mobile} px={px}>
            {t('header.films')}
          </Button>
          <Button component={Link} to="/submissions" variant="subtle" onClick={close} fullWidth={mobile} px={px}>
            {t('header.submissions')}
          </Button>
          {judges && (
            <Button component={Link} to="/judge" variant="subtle" onClick={close} fullWidth={mobile} px={px} data-testid="nav-judging">
              {t('header.judging')}
            </Button>
          )}
          {(doors.data ?? []).map((f) => (
            <Button
              key={f.slug}
              component={Link}
              to={`/manage/festivals/${encodeURIComponent(f.slug)}/check-in`}
              variant="subtle"
              onClick={close}
              fullWidth={mobile}
              px={px}
              data-testid="nav-check-in"
            >
              {doors.data && doors.data.length > 1 ? t('header.checkInAt', { name: f.name }) : t('header.checkIn')}
            </Button>
          ))}
          {(mobile || hasTickets.data === true) && (
            <Button component={Link} to="/tickets" variant="subtle" onClick={close} fullWidth={mobile} px={px} data-testid="nav-tickets">
              {t('header.tickets')}
            </Button>
          )}
          <Button component={Link} to="/account" variant="subtle" onClick={close} fullWidth={mobile} px={px}>
            {t('header.account')}
          </Button>
          <Button variant="outline" onClick={onLogout} fullWidth={mobile} px={px} data-testid="logout">
            {t('header.logout')}
          </Button>
        </>
      );
    }
    return (
      <>
        <Button component={Link} to="/login" variant="outline" onClick={close} fullWidth={mobile}>
          {t('header.login')}
        </Button>
        <Button component={Link} to="/signup" onClick={close} fullWidth={mobile}>
          {t('header.signup')}
        </Button>
      </>
    );
  };

  // A signed-in user's bar holds more (Festivals, My festivals or Reminders,
  // My account, Logout, maybe Admin and Judging): it moves into the drawer
  // under lg rather than sm, so that it never overflows.
  const barFrom = user ? 'lg' : 'sm';

  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} bg="white">
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="indigo.9" aria-label={t('header.homeLabel')}>
            <Group gap={8} wrap="nowrap">
              <MarqueeLogo size={32} />
              <Text component="span" fw={800} fz="xl">
                {t('common.brand')}
              </Text>
            </Group>
          </Anchor>
          <Group component="nav" aria-label={t('header.mainNav')} gap="xs" visibleFrom={barFrom} wrap="nowrap">
            {/* A signed-in user's bar carries their own pages instead; Explore stays in the drawer. */}
            {!user && (
              <Button component={Link} to="/marketing" variant="subtle">
                {t('header.explore')}
              </Button>
            )}
            <Button component={Link} to="/pricing" variant="subtle" px={user ? 'xs' : undefined}>
              {t('header.pricing')}
            </Button>
            <LanguageMenu />
            {account(false)}
          </Group>
          <Burger
            opened={drawerOpened}
            onClick={() => {
              setDrawerUsed(true);
              drawer.toggle();
            }}
            hiddenFrom={barFrom}
            aria-label={drawerOpened ? t('header.closeMenu') : t('header.openMenu')}
            aria-expanded={drawerOpened}
          />
        </Group>
      </Container>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={drawerOpened}
            onClose={drawer.close}
            title={t('header.menuTitle')}
            closeLabel={t('header.closeMenu')}
            hiddenFrom={barFrom}
          >
            <Stack component="nav" aria-label={t('header.mainNav')} gap="sm">
              <Button component={Link} to="/" variant="subtle" justify="flex-start" onClick={drawer.close}>
                {t('header.home')}
              </Button>
              <Button component={Link} to="/marketing" variant="subtle" justify="flex-start" onClick={drawer.close}>
                {t('header.explore')}
              </Button>
              <Button component={Link} to="/pricing" variant="subtle" justify="flex-start" onClick={drawer.close}>
                {t('header.pricing')}
              </Button>
              <Divider />
              <LanguageMenu fullWidth />
              <Divider />
              {account(true)}
            </Stack>
          </MobileMenu>
        </Suspense>
      )}
    </Box>
  );
}
