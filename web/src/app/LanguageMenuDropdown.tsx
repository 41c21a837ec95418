import { Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { languageFor, languages, type LanguageCode } from '../i18n/languages';
import { LanguageButton } from './LanguageButton';
import { LanguageFlag } from './LanguageFlag';
import { languageMenuZIndex } from './layers';
import { languageMenuCloseDelay } from './languageMenuDelay';

/**
 * LanguageMenuDropdown is the language menu itself (Mantine's Menu, with its
 * popover and focus machinery): LanguageMenu loads it when the button is
 * first pointed at or pressed, so the home page does not download it.
 */
export default function LanguageMenuDropdown({ fullWidth, initiallyOpened }: { fullWidth: boolean; initiallyOpened: boolean }) {
  const { t, i18n } = useTranslation();
  // The press that loaded the menu opens it (its dropdown renders once mounted).
  const [opened, setOpened] = useState(initiallyOpened);
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
      // Above the drawer that holds the button on a phone (layers.ts).
      zIndex={languageMenuZIndex}
    >
      <Menu.Target>
        <LanguageButton fullWidth={fullWidth} />
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
