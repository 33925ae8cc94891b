import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Mantine's colours of a variant, except that a `subtle` or `transparent` button (or action icon) given a shade
 * (`color="red.9"`) writes its text in that shade: Mantine caps it at shade 6, so the event modal's "Report this
 * event" (`red.9`) was #fa5252 on white, 3.28:1 where WCAG AA needs 4.5:1.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'subtle' && input.variant !== 'transparent') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined) return colors;
  return { ...colors, color: `var(--mantine-color-${parsed.color}-${parsed.shade})` };
};

/**
 * Mantine's oranges with a darker shade 9: Mantine's (#d9480f) is 4.30:1 on white and 4.08:1 on a striped table row,
 * below the 4.5:1 of WCAG AA for the admin events list's "Reported once" badge; #b83f0b is 5.59:1 on white and still
 * 4.72:1 on the gray-2 of a hovered row.
 */
const orange = [...DEFAULT_THEME.colors.orange.slice(0, 9), '#b83f0b'] as unknown as MantineColorsTuple;

/** The Mantine theme; system fonts only (the CSP allows no font CDN). */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps links, buttons and white-on-blue text above the 4.5:1 contrast of WCAG AA.
  primaryShade: { light: 8, dark: 8 },
  colors: { orange },
  defaultRadius: 'md',
  // No transitions for people who asked their system for less motion.
  respectReducedMotion: true,
  variantColorResolver,
});

/**
 * Mantine's default error, dimmed, light-red and light-yellow text colours are below 4.5:1 on white or on their
 * light backgrounds: darker shades (a dark amber for warnings).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-yellow-light-color': '#6b4500',
  },
  dark: {},
});
