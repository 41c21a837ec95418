/**
 * The stacking of the header's floating parts. The cookie banner sits at
 * 1000; the drawer above it, so that an open menu is never half covered;
 * the language menu's dropdown above the drawer, because the drawer holds
 * the language button on a phone and the dropdown is portalled to <body>
 * (at Mantine's default 300 the drawer covered its items).
 */
export const drawerZIndex = 1100;
export const languageMenuZIndex = drawerZIndex + 100;
