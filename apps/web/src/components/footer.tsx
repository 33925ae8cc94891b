import { Box, Group } from '@mantine/core';
import { LanguageSwitch } from './language-switch';

/** The page footer: for now the FR/EN switch (legal links, contact and social links come later). */
export function Footer() {
  return (
    <Box component="footer" py="md">
      <Group justify="center">
        <LanguageSwitch />
      </Group>
    </Box>
  );
}
