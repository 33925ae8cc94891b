/**
 * The columns of the admin users table and the server field each sorts by (`ADMIN_USER_SORT_FIELDS`).
 * The name names the row, links to the user's page and carries the flags: deleted and administrator.
 */
import { Anchor, Badge, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { EmailText } from '@/components/email-text';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { PATHS } from '@/lib/paths';
import type { AdminUserRow, AdminUserSortField } from '../api/admin-users-list';

/** The edit page of a user in the admin area. */
export const adminUserPath = (id: number) => `${PATHS.adminUsers}/${id}`;

/** The flags of a user, as words. */
function AdminUserFlags({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation();
  if (!user.deletedAt && !user.isAdmin) return null;
  return (
    <Group gap={4}>
      {user.deletedAt && (
        <Badge variant="outline" color="red.9" size="sm" tt="none">
          {t('adminUsers.flags.deleted')}
        </Badge>
      )}
      {user.isAdmin && (
        <Badge variant="outline" color="blue.9" size="sm" tt="none">
          {t('adminUsers.flags.admin')}
        </Badge>
      )}
    </Group>
  );
}

/** The columns, in the current language. */
export function useAdminUserColumns(): DataTableColumn<AdminUserRow, AdminUserSortField>[] {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return useMemo(
    () => [
      { key: 'id', header: t('adminUsers.columns.id'), sortField: 'id', numeric: true, cell: (u) => u.id },
      {
        key: 'name',
        header: t('adminUsers.columns.name'),
        sortField: 'name',
        rowHeader: true,
        cell: (u) => (
          <Stack gap={4} align="flex-start">
            <Anchor component={Link} to={adminUserPath(u.id)} fw={600}>
              {u.name || t('adminUsers.noName')}
            </Anchor>
            <AdminUserFlags user={u} />
          </Stack>
        ),
      },
      {
        key: 'email',
        header: t('adminUsers.columns.email'),
        sortField: 'email',
        cell: (u) => <EmailText email={u.email} />,
      },
      {
        key: 'type',
        header: t('adminUsers.columns.type'),
        sortField: 'type',
        cell: (u) => t(`adminUsers.types.${u.type}`),
      },
      {
        key: 'plan',
        header: t('adminUsers.columns.plan'),
        sortField: 'planType',
        cell: (u) => t(`adminUsers.plans.${u.planType ?? 'none'}`),
      },
      {
        key: 'created',
        header: t('adminUsers.columns.created'),
        sortField: 'createdAt',
        cell: (u) => (u.createdAt ? formatDate(u.createdAt, { dateStyle: 'medium' }) : ''),
      },
    ],
    [t, formatDate],
  );
}
