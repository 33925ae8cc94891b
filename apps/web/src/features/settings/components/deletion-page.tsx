import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { signOut, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteMe } from '../api/delete-me';

/**
 * `/profile/me/deletion`: what deleting the account loses (an event-manager's events leave the map and
 * the plan is not renewed, issued invoices are kept; a viewer's favourites), a confirmation, then
 * `DELETE /connected/me`, the map and a signed-out session. An administrator cannot delete their own
 * account (the API refuses it): the page says why and offers no button.
 */
export function DeletionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const deleteMe = useDeleteMe();
  const [confirm, dialog] = useConfirm();
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
        <List spacing="xs">
          {manager && <List.Item>{t('deletion.lostEvents')}</List.Item>}
          {manager && <List.Item>{t('deletion.lostPlan')}</List.Item>}
          {manager && <List.Item>{t('deletion.keptInvoices')}</List.Item>}
          {!manager && <List.Item>{t('deletion.lostFavorites')}</List.Item>}
          <List.Item>{t('deletion.lostSignIn', { email: user.email })}</List.Item>
        </List>
        <Button color="red" onClick={() => void onDelete()} loading={deleteMe.isPending}>
          {t('deletion.button')}
        </Button>
      </Stack>
      {dialog}
    </>
  );
}
