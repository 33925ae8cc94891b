import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** The Mantine theme; system fonts only (the CSP allows no font CDN). */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps links, buttons and white-on-blue text above the 4.5:1 contrast of WCAG AA.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // No transitions for people who asked their system for less motion.
  respectReducedMotion: true,
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
