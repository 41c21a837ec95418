import { Button, type ButtonProps } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { languageFor } from '../i18n/languages';
import { LanguageFlag } from './LanguageFlag';

type Props = ButtonProps & ComponentPropsWithoutRef<'button'>;

/**
 * LanguageButton is the header's language button (flag and name of the
 * current language). The same button stands alone until the menu's code has
 * loaded and then becomes the menu's target (LanguageMenuDropdown).
 */
export const LanguageButton = forwardRef<HTMLButtonElement, Props>(function LanguageButton(props, ref) {
  const { t, i18n } = useTranslation();
  const current = languageFor(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Button
      ref={ref}
      variant="default"
      aria-label={t('language.button', { name: current.name })}
      aria-haspopup="menu"
      leftSection={<LanguageFlag code={current.code} />}
      data-testid="language-menu"
      {...props}
    >
      <span lang={current.htmlLang}>{current.name}</span>
    </Button>
  );
});
