import { AppShell, Badge, Box, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import type { User } from '../api/client';
import { PageLoading } from '../ui/page/PageState';
import { useLogout, useSession } from '../lib/useSession';
import { MarqueeLogo } from './MarqueeLogo';
import { NavigationProgress, useMainProps } from './NavigationProgress';
import { notify } from '../lib/notify';
import { AdminForbidden } from '../features/admin/AdminForbidden';
import { AuditIcon, DashboardIcon, DollarIcon, FilmIcon, MailIcon, OutboxIcon, SettingsIcon, TagIcon, UsersIcon } from '../features/admin/icons';

/**
 * AdminLayout guards the admin area with the server's answer (GET /api/v1/me):
 * visitors go to /login and come back, signed-in non-admins see a clear
 * refusal. The server checks the role again on every admin API call.
 */
export default function AdminLayout() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/login" state={{ from: location }} replace />;
  if (user.role !== 'admin') return <AdminForbidden />;
  return <AdminShell user={user} />;
}

function AdminShell({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { t: tu } = useTranslation('admin-users');
  const [opened, nav] = useDisclosure(false);
  // Above the sm breakpoint (48em) the header carries who is signed in; below, the navbar does.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  const logout = useLogout();
  const path = pathname.replace(/\/+$/, '') || '/';
  const isActive = (to: string) => path === to || path.startsWith(`${to}/`);
  const settingsActive = isActive('/admin/pricing') || isActive('/admin/messages') || isActive('/admin/outbox');
  const mainProps = useMainProps();

  async function onLogout() {
    try {
      await logout();
      notify('green', tc('header.loggedOut'));
    } catch {
      notify('red', tc('header.logoutFailed'));
    }
  }

  const who = (
    <Box style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate="end" data-testid="admin-user">
        {user.name || user.email}
      </Text>
      {user.name && (
        <Text size="xs" c="gray.7" truncate="end">
          {user.email}
        </Text>
      )}
    </Box>
  );
  const roleLabel =
    user.role === 'admin' ? (
      <Badge variant="light" color="indigo" data-testid="admin-role">
        {t('header.superAdmin')}
      </Badge>
    ) : null;

  const link = (to: string, label: string, icon: React.ReactNode, active: boolean) => (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={nav.close}
      variant="filled"
    />
  );

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a href="#main" className="skip-link">
        {tc('skipLink')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('header.toggleNav')}
              aria-expanded={opened}
            />
            <Group gap={8} wrap="nowrap" hiddenFrom="sm">
              <MarqueeLogo size={28} />
              <Text fw={800} c="indigo.9">
                {t('brand')}
              </Text>
            </Group>
          </Group>
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            {wide && (
              <>
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  {who}
                  {roleLabel}
                </Group>
                <Button component={Link} to="/" variant="subtle">
                  {t('header.backToSite')}
                </Button>
              </>
            )}
            <Button variant="outline" onClick={onLogout} data-testid="logout">
              {t('header.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label={t('nav.label')}>
        <AppShell.Section>
          <Group gap={8} wrap="nowrap" mb="md" visibleFrom="sm">
            <MarqueeLogo size={32} />
            <Text fw={800} fz="xl" c="indigo.9" data-testid="admin-brand">
              {t('brand')}
            </Text>
          </Group>
          {!wide && (
            <Stack gap="xs" mb="md">
              {who}
              <div>{roleLabel}</div>
            </Stack>
          )}
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <div>
            {link('/admin', t('nav.dashboard'), <DashboardIcon />, path === '/admin')}
            {link('/admin/users', t('nav.users'), <UsersIcon />, isActive('/admin/users'))}
            {link('/admin/festivals', t('nav.festivals'), <FilmIcon />, isActive('/admin/festivals'))}
            {link('/admin/purchases', t('nav.purchases'), <DollarIcon />, isActive('/admin/purchases'))}
            {link('/admin/audit', tu('nav.audit'), <AuditIcon />, isActive('/admin/audit'))}
            {link('/admin/promotions', t('nav.promotions'), <DollarIcon />, isActive('/admin/promotions'))}
            {link('/admin/commission', t('nav.commission'), <DollarIcon />, isActive('/admin/commission'))}
            {link('/admin/payouts', t('nav.payouts'), <DollarIcon />, isActive('/admin/payouts'))}
            <NavLink
              label={t('nav.systemSettings')}
              leftSection={<SettingsIcon />}
              defaultOpened
              childrenOffset={28}
              component="button"
              active={false}
              fw={settingsActive ? 700 : undefined}
            >
              {link('/admin/pricing', t('nav.pricing'), <TagIcon />, isActive('/admin/pricing'))}
              {link('/admin/messages', t('nav.messages'), <MailIcon />, isActive('/admin/messages'))}
              {link('/admin/outbox', t('nav.outbox'), <OutboxIcon />, isActive('/admin/outbox'))}
            </NavLink>
          </div>
        </AppShell.Section>
        {!wide && (
          <AppShell.Section>
            <Button component={Link} to="/" variant="subtle" fullWidth onClick={nav.close}>
              {t('header.backToSite')}
            </Button>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <NavigationProgress />
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }} bg="gray.0" {...mainProps}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
