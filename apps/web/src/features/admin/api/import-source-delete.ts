/**
 * `DELETE /connected/admin/sources/{id}` (answers 204): the source stops and its events leave the
 * map; the sources list and every event query are refreshed.
 */
import { importRoutes } from '@evmap/contract/routes/import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';
import { importSourceKeys } from './import-source-keys';

/** The deletion as a mutation. */
export function useDeleteImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(importRoutes.deleteSource, { params: { id } }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: importSourceKeys.detail(id) });
      queryClient.removeQueries({ queryKey: importSourceKeys.runs(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importSourceKeys.list() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]);
    },
  });
}
