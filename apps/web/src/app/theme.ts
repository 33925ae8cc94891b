import { createTheme } from '@mantine/core';

/** The Mantine theme; system fonts only (the CSP allows no font CDN). */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
});
