import { type CSSVariablesResolver, createTheme, darken, luminance } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA (4.5:1) for white text on filled buttons and for links: indigo 6 gives 4.3:1, indigo 7 5:1.
  primaryShade: { light: 7, dark: 8 },
  // Filled badges and buttons in light colours (yellow, teal…) get dark text where white would not read.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    // The ✕ of every modal (confirmations included) and notice is otherwise a button without a name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      // A titled notice draws its message in gray 6 (3.3:1); the dimmed gray reads at 5.3:1.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/**
 * Mantine's dimmed text (gray 6) reads at 3.3:1 on white and 3.2:1 on the page's gray 0; this gray
 * keeps the muted look at 5.3:1 and 5:1 (WCAG AA for body text).
 */
export const DIMMED_TEXT = '#656c73';

/** WCAG 2 contrast ratio of two colours. */
export const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/** AA for text under 18 pt, with a little room for rounding. */
const TEXT_CONTRAST = 4.6;

/**
 * The text of light variants (badges, alerts, the sidebar's active link), `c="red"` and the like is
 * drawn in a colour's darkest shade, which on its own tints (shades 1 and 2, the background and its
 * hover) can fall short of 4.5:1, yellow at 2.5:1. Each colour's text is that shade darkened just enough.
 */
export function readableText(shades: readonly string[]): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const text = darken(shades[9], amount);
    if (contrast(text, shades[1]) >= TEXT_CONTRAST && contrast(text, shades[2]) >= TEXT_CONTRAST) return text;
  }
  return '#000';
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const colors = Object.entries(resolved.colors).filter(([name]) => name !== 'dark');
  const texts = Object.fromEntries(colors.map(([name, shades]) => [name, readableText(shades)]));
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': DIMMED_TEXT,
      '--mantine-color-error': texts.red,
      ...Object.fromEntries(
        Object.entries(texts).flatMap(([name, text]) => [
          [`--mantine-color-${name}-light-color`, text],
          [`--mantine-color-${name}-text`, text],
        ]),
      ),
    },
    dark: {},
  };
};
