import { Anchor, Avatar, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../../api/client';
import { formatDate, formatNumber, initials } from '../../lib/format';
import classes from './account.module.css';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={classes.row} data-testid={testId}>
      <Text component="dt" size="sm" fw={600} c="gray.7">
        {label}
      </Text>
      <Text component="dd" className={classes.value}>
        {children}
      </Text>
    </div>
  );
}

/** ProfileSummary shows the signed-in user's details as the server holds them. */
export function ProfileSummary({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const name = user.name.trim();

  return (
    <Paper withBorder shadow="xs" radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="account-profile">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar color="indigo" variant="filled" radius="xl" size={48} aria-hidden>
            {initials(name, user.email)}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Title order={2} size="h3" id="account-profile">
              {t('account.profile.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('account.profile.intro')}
            </Text>
          </Box>
        </Group>
        <Box component="dl" className={classes.list}>
          <Row label={t('account.profile.name')} testId="profile-name">
            {name || (
              <Text component="span" c="gray.7" fs="italic" inherit>
                {t('account.profile.noName')}
              </Text>
            )}
          </Row>
          <Row label={t('account.profile.email')} testId="profile-email">
            {user.email}
          </Row>
          <Row label={t('account.profile.role')} testId="profile-role">
            {t(`account.roles.${user.role}`, { defaultValue: user.role })}
          </Row>
          <Row label={t('account.profile.credits')} testId="profile-credits">
            {formatNumber(user.credits, lang)}
          </Row>
          <Row label={t('account.profile.memberSince')} testId="profile-member-since">
            <time dateTime={user.createdAt}>{formatDate(user.createdAt, lang)}</time>
          </Row>
          <Row label={t('account.profile.terms')} testId="profile-terms">
            {user.termsAcceptedAt ? (
              <Trans
                i18nKey="account.profile.termsAccepted"
                values={{ date: formatDate(user.termsAcceptedAt, lang) }}
                components={{ time: <time dateTime={user.termsAcceptedAt} /> }}
              />
            ) : (
              <>
                {t('account.profile.termsNotAccepted')}{' '}
                <Anchor component={Link} to="/terms" fw={600} inherit>
                  {t('account.profile.termsLink')}
                </Anchor>
              </>
            )}
          </Row>
        </Box>
      </Stack>
    </Paper>
  );
}
