import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { signOut, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteMe } from '../api/delete-me';

/**
 * `/profile/me/deletion`: what deleting the account erases and what it keeps, and why (PIPEDA; Québec's Law 25),
 * as the API does it (apps/api/src/modules/me/account-deletion.service.ts): the profile, images, messages, and an
 * event-manager's events, plan and card, or a viewer's favourites, are erased; an organisation's issued invoices
 * are kept as tax law requires. Then a confirmation, `DELETE /connected/me`, the map and a signed-out session.
 * An administrator cannot delete their own account (the API refuses it): the page says why and offers no button.
 */
export function DeletionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const deleteMe = useDeleteMe();
  const [confirm, dialog] = useConfirm();
  const erasedId = useId();
  const keptId = useId();
  if (!user) return null;

  if (user.isAdmin) {
    return (
      <>
        <PageHeading title={t('pages.deletion')} />
        <Alert color="yellow" variant="light" title={t('deletion.adminTitle')}>
          {t('cannotDeleteAdmin', { ns: 'errors' })}
        </Alert>
      </>
    );
  }

  const onDelete = async () => {
    const ok = await confirm({
      title: t('deletion.confirmTitle'),
      message: t('deletion.confirmMessage'),
      confirmLabel: t('deletion.confirm'),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteMe.mutateAsync();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
      return;
    }
    // Leave the signed-in pages first: signing out here would let their guard open the login dialog.
    await Promise.resolve(navigate(PATHS.home, { replace: true, flushSync: true }));
    signOut();
    toast.success(t('deletion.done'));
  };

  const manager = user.type === 'event-manager';
  return (
    <>
      <PageHeading title={t('pages.deletion')} />
      <Stack align="flex-start">
        <Text>{t('deletion.intro')}</Text>
        <Title order={2} size="h4" id={erasedId}>
          {t('deletion.erasedHeading')}
        </Title>
        <List spacing="xs" aria-labelledby={erasedId}>
          <List.Item>{t('deletion.erasedProfile')}</List.Item>
          <List.Item>{t('deletion.erasedImages')}</List.Item>
          {manager && <List.Item>{t('deletion.erasedEvents')}</List.Item>}
          {!manager && <List.Item>{t('deletion.erasedFavorites')}</List.Item>}
          <List.Item>{t('deletion.erasedMessages')}</List.Item>
          {manager && <List.Item>{t('deletion.erasedBilling')}</List.Item>}
        </List>
        <Title order={2} size="h4" id={keptId}>
          {t('deletion.keptHeading')}
        </Title>
        <List spacing="xs" aria-labelledby={keptId}>
          <List.Item>{manager ? t('deletion.keptInvoices') : t('deletion.keptNothing')}</List.Item>
        </List>
        <Text>{t('deletion.emailFree', { email: user.email })}</Text>
        <Button color="red" onClick={() => void onDelete()} loading={deleteMe.isPending}>
          {t('deletion.button')}
        </Button>
      </Stack>
      {dialog}
    </>
  );
}
