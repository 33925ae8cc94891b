/**
 * `GET /connected/admin/users?search=`: the users an administrator may make an event's creator (spec
 * section 6: the choices exclude administrators; deleted accounts are left out too).
 */
import { adminRoutes } from '@evmap/contract/routes/admin';
import type { User } from '@evmap/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** How many users one search shows. */
export const CREATOR_CHOICES = 20;

/** Users matching `search` who may create events. */
export async function searchCreators(search: string, signal?: AbortSignal): Promise<User[]> {
  const { users } = await callEndpoint(adminRoutes.users, {
    query: {
      search: search.trim() || undefined,
      creatorsOnly: 'true',
      limit: CREATOR_CHOICES,
      sortField: 'name',
      sortDirection: 'asc',
    },
    signal,
  });
  return users.filter((user) => !user.isAdmin && !user.deletedAt);
}

export const creatorsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'creators', search.trim().toLowerCase()],
    queryFn: ({ signal }) => searchCreators(search, signal),
    staleTime: 30_000,
  });

/** The creator choices for the typed text (the previous list stays while the next one loads). */
export function useCreatorChoices(search: string) {
  return useQuery({ ...creatorsQueryOptions(search), placeholderData: keepPreviousData });
}
