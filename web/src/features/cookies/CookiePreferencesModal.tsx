import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsent, type Consent } from './consent';

// Mantine's default description colour is too light for AA contrast.
const switchStyles = {
  description: { color: 'var(--mantine-color-gray-7)' },
  label: { fontWeight: 600 },
};

/**
 * CookiePreferencesModal lets the visitor choose cookie categories: essential
 * is always on (a disabled switch), analytics and preferences are toggles,
 * Save stores the choice in the consent cookie.
 */
export function CookiePreferencesModal({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved?: (consent: Consent) => void;
}) {
  const { t } = useTranslation('cookies');
  const { effective, save } = useConsent();
  const [draft, setDraft] = useState<Consent>(effective);

  // Each time the dialog opens it starts from the choice in force (set while
  // rendering the opening, as React advises for state that follows a prop);
  // later cookie changes must not overwrite the draft.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setDraft(effective);
  }

  const submit = () => {
    save(draft);
    onSaved?.(draft);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('modal.title')}
      centered
      size="lg"
      zIndex={1100}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          {t('modal.intro')}
        </Text>
        <Switch
          checked
          disabled
          readOnly
          styles={switchStyles}
          label={t('modal.essential.label')}
          description={t('modal.essential.description')}
          data-testid="consent-switch-essential"
        />
        <Switch
          checked={draft.analytics}
          onChange={(e) => {
            const analytics = e.currentTarget.checked;
            setDraft((d) => ({ ...d, analytics }));
          }}
          styles={switchStyles}
          label={t('modal.analytics.label')}
          description={t('modal.analytics.description')}
          data-testid="consent-switch-analytics"
        />
        <Switch
          checked={draft.preferences}
          onChange={(e) => {
            const preferences = e.currentTarget.checked;
            setDraft((d) => ({ ...d, preferences }));
          }}
          styles={switchStyles}
          label={t('modal.preferences.label')}
          description={t('modal.preferences.description')}
          data-testid="consent-switch-preferences"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('modal.cancel')}
          </Button>
          <Button onClick={submit}>{t('modal.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
