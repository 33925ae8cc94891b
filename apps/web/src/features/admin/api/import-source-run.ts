/**
 * `POST /connected/admin/sources/{id}/runs` ("Run now"): answers the finished run, its error
 * included. The source, its runs, the list and every event query (the map's) are refreshed.
 */
import { importRoutes } from '@evmap/contract/routes/import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';
import { importSourceKeys } from './import-source-keys';

/** "Run now" as a mutation; resolves with the run. */
export function useRunImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await callEndpoint(importRoutes.runSource, { params: { id } })).run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importSourceKeys.all() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]);
    },
  });
}
