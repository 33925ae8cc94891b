/** `GET /connected/admin/sources`: every source with its last run (a short list, not paged). */
import type { ImportSource } from '@evmap/contract/import';
import { importRoutes } from '@evmap/contract/routes/import';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { importSourceKeys, RUN_POLL_MS } from './import-source-keys';

/** True when the last run of one of `sources` is still under way. */
export const anyRunning = (sources: readonly ImportSource[] | undefined) =>
  Boolean(sources?.some((source) => source.lastRun?.status === 'running'));

/** Query options of the list. */
export const importSourcesQueryOptions = () =>
  queryOptions({
    queryKey: importSourceKeys.list(),
    queryFn: async ({ signal }) => (await callEndpoint(importRoutes.sources, { signal })).sources,
  });

/** The sources; asked again every few seconds while a run is under way. */
export function useImportSources() {
  return useQuery({
    ...importSourcesQueryOptions(),
    refetchInterval: (query) => (anyRunning(query.state.data) ? RUN_POLL_MS : false),
  });
}
