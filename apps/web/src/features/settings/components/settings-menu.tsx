import { Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { ExternalIcon } from '@/components/icons';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { type LegalDocument, legalUrl } from '@/lib/app-links';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useSignOut } from '@/lib/use-sign-out';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

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
 * "Sign out everywhere": after a confirmation, every session of the account ends (other browsers and devices);
 * this device gets a fresh token from the answer and stays signed in.
 */
function useSignOutEverywhereAction() {
  const { t } = useTranslation();
  const mutation = useSignOutEverywhere();
  const [confirm, dialog] = useConfirm();
  const run = async () => {
    const ok = await confirm({
      title: t('sessions.confirmTitle'),
      message: t('sessions.confirmMessage'),
      confirmLabel: t('sessions.confirm'),
    });
    if (!ok) return;
    try {
      await mutation.mutateAsync();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
      return;
    }
    toast.success(t('sessions.done'));
  };
  return { run, dialog, pending: mutation.isPending };
}

/**
 * The settings menu of spec section 2: account information, change password, contact us, delete my
 * account, the privacy policy and terms PDFs, the map, the profile, and logging out (here, or everywhere).
 */
export function SettingsMenu() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const everywhere = useSignOutEverywhereAction();
  const headingId = useId();
  const everywhereHintId = useId();
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
      <Group>
        <Button variant="default" onClick={signOut}>
          {t('menu.logout')}
        </Button>
        <Button
          variant="default"
          onClick={() => void everywhere.run()}
          loading={everywhere.pending}
          aria-describedby={everywhereHintId}
        >
          {t('sessions.button')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" id={everywhereHintId}>
        {t('sessions.hint')}
      </Text>
      {everywhere.dialog}
    </Stack>
  );
}
