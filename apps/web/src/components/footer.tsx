import { ActionIcon, Anchor, Box, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FacebookIcon, InstagramIcon, TikTokIcon } from '@/components/icons';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { CONTACT_EMAIL, legalUrl, SOCIAL_LINKS } from '@/lib/app-links';
import { LanguageSwitch } from './language-switch';

function SocialLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <ActionIcon component="a" href={href} target="_blank" rel="noopener noreferrer" variant="subtle" aria-label={label}>
      {children}
    </ActionIcon>
  );
}

/**
 * The page footer (spec section 2): the FR/EN switch, the privacy policy and terms of use PDFs in the
 * current language, the contact address, and on the home page only the social links.
 */
export function Footer() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();

  return (
    <Box component="footer" py="md" px="md">
      <Stack gap="xs" align="center">
        <Group justify="center" gap="md">
          <LanguageSwitch />
          <Anchor href={legalUrl('policy', lang)} target="_blank" rel="noopener" size="sm">
            {t('footer.policy')}
          </Anchor>
          <Anchor href={legalUrl('terms', lang)} target="_blank" rel="noopener" size="sm">
            {t('footer.terms')}
          </Anchor>
          <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm">
            {CONTACT_EMAIL}
          </Anchor>
        </Group>
        {pathname === '/' && (
          <Group gap="xs" justify="center">
            <SocialLink href={SOCIAL_LINKS.facebook} label={t('footer.social', { network: 'Facebook' })}>
              <FacebookIcon />
            </SocialLink>
            <SocialLink href={SOCIAL_LINKS.tiktok} label={t('footer.social', { network: 'TikTok' })}>
              <TikTokIcon />
            </SocialLink>
            <SocialLink href={SOCIAL_LINKS.instagram} label={t('footer.social', { network: 'Instagram' })}>
              <InstagramIcon />
            </SocialLink>
          </Group>
        )}
      </Stack>
    </Box>
  );
}
