import { createTheme } from '@mantine/core';
import { MOBILE_MENU_BREAKPOINT_PX } from '@chi/contract';

/**
 * The `md` breakpoint is moved to the SPEC §2 mobile-menu threshold (1000 px), so
 * `hiddenFrom="md"` / `visibleFrom="md"` and the AppShell navbar switch exactly there.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
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
