import { Badge, DEFAULT_THEME, Title, colorsTuple, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { MOBILE_MENU_BREAKPOINT_PX } from '@chi/contract';
import numberInput from './number-input.module.css';

/**
 * Mantine's default grey 6 (#868e96) is the `dimmed` text colour ("About 10 minutes",
 * "Step 1 of 5"): 3.32:1 on white, under WCAG AA's 4.5:1. It is darkened here, once, so every
 * dimmed text passes on white and on the light greys (6.1:1 on white, 5.5:1 on grey 1).
 */
const gray = withShade('gray', 6, '#5c636a');

/** A default Mantine colour with one shade replaced. */
function withShade(name: 'gray' | 'yellow' | 'orange' | 'lime' | 'green' | 'teal', index: number, value: string) {
  return colorsTuple(DEFAULT_THEME.colors[name].map((shade, i) => (i === index ? value : shade)));
}

/**
 * The `light` variant (e.g. a status Badge) writes shade 9 on a pale tint of the colour. For
 * these colours that text is under 4.5:1 (yellow 2.7:1 on a status badge of /Data);
 * a darker shade 9 brings each above 5:1. The other colours' shade 9 already passes.
 */
const lightVariantFixes = {
  yellow: withShade('yellow', 9, '#945400'),
  orange: withShade('orange', 9, '#b03a0c'),
  lime: withShade('lime', 9, '#466f0a'),
  green: withShade('green', 9, '#236f32'),
  teal: withShade('teal', 9, '#076b4d'),
};

/** How every heading breaks a word too long for its line (the theme's Title; Quiz Time's plain heading wears it too). */
export const HEADING_WRAP = { overflowWrap: 'break-word', hyphens: 'auto' } as const;

/**
 * - `primaryShade` 8: white on indigo 6 (#4c6ef5, Mantine's default shade) is 4.32:1 and links in
 *   that colour on the footer's grey are 4.10:1; indigo 8 (#3b5bdb) gives 5.67:1 and 5.38:1.
 *   It applies to every colour's filled variant and to links (`--mantine-color-anchor`).
 * - `autoContrast` with a luminance threshold of 0.179: a filled colour (a green or orange
 *   Badge, a yellow Button) gets black text when white would fall under 4.5:1, and white
 *   otherwise. White passes on colours of luminance ≤ 0.183 and black on ≥ 0.175, so every
 *   colour passes with one of them (Mantine's default 0.3 left white on green 8 at 3.44:1).
 * - The `md` breakpoint is moved to the SPEC §2 mobile-menu threshold (1000 px), so
 *   `hiddenFrom="md"` / `visibleFrom="md"` switch exactly there.
 * - Headings break a word too long for the line (Danish compounds such as
 *   "Undervisningsassistenter" in an h1 are wider than a 320–414 px phone): hyphenated where the
 *   browser knows the page's language, broken anywhere else, never making the page scroll sideways.
 * - A badge always shows its label whole: squeezed in a table cell or a card Mantine cut it to
 *   "D…" ("Driftsudvikler", a status); it holds its width instead (labels are a word or two).
 * - A number field shows no steppers on a touch screen (number-input.module.css says why).
 * bench (Lighthouse accessibility 100) and e2e/accessibility.e2e.ts (axe) keep this true (ADR 012).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.179,
  colors: { gray, ...lightVariantFixes },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: `${MOBILE_MENU_BREAKPOINT_PX / 16}em`,
    lg: '75em',
    xl: '90em',
  },
  components: {
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content', overflow: 'visible' }, label: { overflow: 'visible' } } }),
    Title: Title.extend({ styles: { root: HEADING_WRAP } }),
    // A plain object, not NumberInput.extend: importing NumberInput here would bring it (and its
    // number formatting) into every page's first load.
    NumberInput: { classNames: { controls: numberInput.controls } },
  },
});

/**
 * A field's error (its message and its text) is drawn in `--mantine-color-error`, Mantine's red 6
 * (#fa5252): 3.3:1 on white, under WCAG AA's 4.5:1 (a refused Word Links word, every form's error).
 * Red 9 (#c92a2a) gives 5.4:1. Given to the MantineProvider with the theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
