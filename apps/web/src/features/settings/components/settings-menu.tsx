import { Button, NavLink, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalIcon } from '@/components/icons';
import { useLang } from '@/i18n/use-lang';
import { type LegalDocument, legalUrl } from '@/lib/app-links';
import { PATHS } from '@/lib/paths';
import { useSignOut } from '@/lib/use-sign-out';

/** A legal PDF in the current language, opening in a new tab (as the footer links it). */
function LegalLink({ document, label }: { document: LegalDocument; label: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <NavLink
      component="a"
      href={legalUrl(document, lang)}
      target="_blank"
      rel="noopener"
      label={label}
      aria-label={t('settings.newTab', { label })}
      rightSection={<ExternalIcon size={16} aria-hidden />}
    />
  );
}

/**
 * The settings menu of spec section 2: account information, change password, contact us, delete my
 * account, the privacy policy and terms PDFs, the map, the profile, and logging out.
 */
export function SettingsMenu() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={2} size="h4" id={headingId}>
        {t('settings.menuHeading')}
      </Title>
      <Stack gap={0} component="nav" aria-labelledby={headingId}>
        <NavLink component={Link} to={PATHS.account} label={t('menu.account')} />
        <NavLink component={Link} to={PATHS.password} label={t('menu.password')} />
        <NavLink component={Link} to={PATHS.contact} label={t('menu.contact')} />
        <NavLink component={Link} to={PATHS.deletion} label={t('menu.deletion')} />
        <LegalLink document="policy" label={t('footer.policy')} />
        <LegalLink document="terms" label={t('footer.terms')} />
        <NavLink component={Link} to={PATHS.home} label={t('menu.map')} />
        <NavLink component={Link} to={PATHS.profile} label={t('menu.profile')} />
      </Stack>
      <Button variant="default" onClick={signOut} style={{ alignSelf: 'flex-start' }}>
        {t('menu.logout')}
      </Button>
    </Stack>
  );
}
