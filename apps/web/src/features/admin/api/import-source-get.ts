/** `GET /connected/admin/sources/{id}`: one source with its last run. */
import { importRoutes } from '@evmap/contract/routes/import';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { importSourceKeys, RUN_POLL_MS } from './import-source-keys';

/** Query options of the source `id`. */
export const importSourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importSourceKeys.detail(id),
    queryFn: async ({ signal }) => (await callEndpoint(importRoutes.source, { params: { id }, signal })).source,
  });

/** The id of a link (`/profile/admin/sources/{id}`), or 0 when it is no id. */
export function sourceIdOf(text: string): number {
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0;
  return id <= 2_147_483_647 ? id : 0;
}

/** The source of a link; a link that is no id fails at once. Asked again while its last run is under way. */
export function useImportSource(idText: string) {
  const id = sourceIdOf(idText);
  const query = useQuery({
    ...importSourceQueryOptions(id),
    enabled: id > 0,
    refetchInterval: (q) => (q.state.data?.lastRun?.status === 'running' ? RUN_POLL_MS : false),
  });
  return id > 0 ? query : { ...query, isError: true as const, data: undefined };
}
