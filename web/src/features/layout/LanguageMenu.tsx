import { Button, Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';
import { languageFor, languages, type LanguageCode } from '../../i18n/languages';
import { LanguageFlag } from './LanguageFlag';

/** How long the menu stays open after a choice, as in the seed client. */
export const languageMenuCloseDelay = 200;

/**
 * LanguageMenu is the header's language dropdown (flag and name). A choice
 * switches the site language at once, is remembered as `selectedLanguage`,
 * and the menu closes 200 ms later.
 */
export function LanguageMenu({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = languageFor(i18n.resolvedLanguage ?? i18n.language);

  useEffect(() => () => clearTimeout(timer.current), []);

  function choose(code: LanguageCode) {
    void setLanguage(code);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpened(false), languageMenuCloseDelay);
  }

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      closeOnItemClick={false}
      position="bottom-end"
      shadow="md"
      width={180}
    >
      <Menu.Target>
        <Button
          variant="default"
          fullWidth={fullWidth}
          aria-label={t('language.button', { name: current.name })}
          leftSection={<LanguageFlag code={current.code} />}
          data-testid="language-menu"
        >
          <span lang={current.htmlLang}>{current.name}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('language.menuLabel')}>
        <Menu.Label>{t('language.menuLabel')}</Menu.Label>
        {languages.map((l) => (
          <Menu.Item
            key={l.code}
            lang={l.htmlLang}
            onClick={() => choose(l.code)}
            leftSection={<LanguageFlag code={l.code} />}
            rightSection={l.code === current.code ? <span aria-hidden="true">✓</span> : null}
            aria-current={l.code === current.code ? 'true' : undefined}
            fw={l.code === current.code ? 700 : undefined}
          >
            {l.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
