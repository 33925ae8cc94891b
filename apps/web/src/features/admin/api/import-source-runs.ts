/** `GET /connected/admin/sources/{id}/runs`: the latest runs of a source, latest first. */
import { importRoutes } from '@evmap/contract/routes/import';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { importSourceKeys, RUN_POLL_MS } from './import-source-keys';

/**
 * The runs of the source `id`; asked again every few seconds while one is under way, or while `polling` (a "Run
 * now" from this screen is waiting for its answer: its run shows up as running meanwhile).
 */
export function useImportRuns(id: number, polling = false) {
  return useQuery({
    queryKey: importSourceKeys.runs(id),
    queryFn: async ({ signal }) => (await callEndpoint(importRoutes.runs, { params: { id }, signal })).runs,
    enabled: id > 0,
    refetchInterval: (query) =>
      polling || query.state.data?.some((run) => run.status === 'running') ? RUN_POLL_MS : false,
  });
}
