import type { User } from '@evmap/contract/users';
import { Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteAdminUser } from '../api/admin-user-delete';

/** The first administrator's id, whom nobody may delete (spec sections 5 and 6). */
export const FIRST_ADMIN_ID = 1;

/** Whether the signed-in administrator `meId` may delete `user`: never themselves nor user 1. */
export function canDeleteUser(user: Pick<User, 'id' | 'deletedAt'>, meId: number | undefined): boolean {
  return user.deletedAt === null && user.id !== FIRST_ADMIN_ID && user.id !== meId;
}

/**
 * Deleting a user, after a confirmation, then back to the users list. Not offered for the administrator
 * themselves nor user 1 (a note says why); a refusal of the API is shown as it comes.
 */
export function AdminUserDelete({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meId = useSession((state) => state.user?.id);
  const remove = useDeleteAdminUser();
  const [confirm, dialog] = useConfirm();

  if (user.deletedAt) return null;
  if (!canDeleteUser(user, meId)) {
    return (
      <Text size="sm" c="dimmed">
        {t('adminUserForm.cannotDelete')}
      </Text>
    );
  }

  const onDelete = async () => {
    const confirmed = await confirm({
      title: t('adminUserForm.confirmDeleteTitle'),
      message: t('adminUserForm.confirmDeleteText', { email: user.email }),
      confirmLabel: t('adminUserForm.confirmDelete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(user.id);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
      return;
    }
    toast.success(t('adminUserForm.deleted'));
    void navigate(PATHS.adminUsers);
  };

  return (
    <Group>
      <Button color="red" variant="light" loading={remove.isPending} onClick={() => void onDelete()}>
        {t('adminUserForm.delete')}
      </Button>
      {dialog}
    </Group>
  );
}
