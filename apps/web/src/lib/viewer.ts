/** Who reads an event: the public, an event-manager (their own events too), or an administrator. */
import type { User } from '@evmap/contract/users';

export type Viewer = 'public' | 'manager' | 'admin';

export function viewerOf(user: Pick<User, 'isAdmin' | 'type'> | null): Viewer {
  if (!user) return 'public';
  if (user.isAdmin) return 'admin';
  return user.type === 'event-manager' ? 'manager' : 'public';
}
