/** The admin user list: users as spec section 3 shows them, and the pagination of the admin lists. */
import type { AdminUsersList } from '@evmap/contract/admin-users';
import type { FileStorage } from '../../lib/storage';
import type { UserRow } from '../../plugins/auth';
import { presentUser } from '../users/user.presenter';

export function presentUserPage(
  page: { rows: UserRow[]; totalCount: number; page: number; limit: number },
  storage: FileStorage,
): AdminUsersList {
  return {
    users: page.rows.map((row) => presentUser(row, storage)),
    pagination: {
      page: page.page,
      limit: page.limit,
      totalCount: page.totalCount,
      totalPages: Math.ceil(page.totalCount / page.limit),
    },
  };
}
