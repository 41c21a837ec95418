import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './LanguageButton';

export { languageMenuCloseDelay } from './languageMenuDelay';

// Mantine's Menu brings its popover, floating-ui and focus trap (about 20 KB
// gzip): its code is fetched when the button is first pointed at or focused,
// and the menu takes the button's place when it is pressed; not with every page.
const loadDropdown = () => import('./LanguageMenuDropdown');
const LanguageMenuDropdown = lazy(loadDropdown);

/**
 * LanguageMenu is the header's language dropdown (flag and name). A choice
 * switches the site language at once, is remembered as `selectedLanguage`,
 * and the menu closes 200 ms later. A press before the menu's code has
 * loaded opens the menu as soon as it has.
 */
export function LanguageMenu({ fullWidth = false }: { fullWidth?: boolean }) {
  const [pressed, setPressed] = useState(false);
  const standIn = (
    <LanguageButton
      fullWidth={fullWidth}
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LanguageMenuDropdown fullWidth={fullWidth} initiallyOpened />
    </Suspense>
  );
}
