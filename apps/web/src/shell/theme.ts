import { DEFAULT_THEME, colorsTuple, createTheme } from '@mantine/core';
import { MOBILE_MENU_BREAKPOINT_PX } from '@chi/contract';

/**
 * Mantine's default grey 6 (#868e96) is the `dimmed` text colour ("About 10 minutes",
 * "Step 1 of 5"): 3.32:1 on white, under WCAG AA's 4.5:1. It is darkened here, once, so every
 * dimmed text passes on white and on the light greys (6.1:1 on white, 5.5:1 on grey 1).
 */
const gray = colorsTuple(DEFAULT_THEME.colors.gray.map((shade, index) => (index === 6 ? '#5c636a' : shade)));

/**
 * - `primaryShade` 8: white on indigo 6 (#4c6ef5, Mantine's default shade) is 4.32:1 and links in
 *   that colour on the footer's grey are 4.10:1; indigo 8 (#3b5bdb) gives 5.67:1 and 5.38:1.
 *   It applies to every colour's filled variant and to links (`--mantine-color-anchor`).
 * - The `md` breakpoint is moved to the SPEC §2 mobile-menu threshold (1000 px), so
 *   `hiddenFrom="md"` / `visibleFrom="md"` switch exactly there.
 * bench (Lighthouse accessibility 100) and e2e/accessibility.e2e.ts (axe) keep this true (ADR 007).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  colors: { gray },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: `${MOBILE_MENU_BREAKPOINT_PX / 16}em`,
    lg: '75em',
    xl: '90em',
  },
});
