import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Mantine's defaults with text that meets WCAG AA contrast (4.5:1): filled colours (buttons, links, the
 * red of Delete) one shade darker than Mantine's 6, which is 3.5:1 on white; menus without the focus
 * placeholder that is a focusable child of `role="menu"` (the keyboard lands on the first item instead);
 * dialogs whose close button has a name.
 */
export const theme = createTheme({
  primaryShade: 8,
  components: {
    // Plain objects, not `Menu.extend(…)`: naming the components here would download them with the first screen.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Error text (under a field), dimmed text (empty lists, descriptions), the hints inside empty inputs
 * (placeholders), yellow alerts' titles and light buttons' text darkened to 4.5:1 or more on white, on the light grey of striped rows and
 * on a light button's hover. Mantine's own are
 * 3.28:1 (red 6), 3.32:1 (gray 6) and 2.07:1 (gray 5).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Between gray 6 and 7: 5.3:1 on white, lighter than typed text, so a hint does not look filled in.
    '--mantine-color-placeholder': '#646c74',
    // The text of light and subtle buttons (the header's links, New job): blue 9 was 4.0:1 on their hover's blue 2
    // (axe with the pointer on a link); this darker blue is 5.1:1 there and 6.2:1 on the light blue 1.
    '--mantine-color-blue-light-color': '#145591',
    '--mantine-primary-color-light-color': '#145591',
    // The title of a yellow alert (the banner of an ended sign-in, "Not sent yet"): yellow 9 is 2.7:1 on the
    // alert's yellow; this amber is 5.4:1 there and 6.1:1 on white.
    '--mantine-color-yellow-light-color': '#945200',
  },
  dark: {},
});
