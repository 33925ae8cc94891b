/**
 * `POST /connected/admin/sources` and `PUT …/{id}` (the whole source again, pausing included): the
 * sources list and the source are refreshed; pausing or resuming changes the map, so event queries are too.
 */
import type { ImportSourceBody } from '@evmap/contract/import';
import { importRoutes } from '@evmap/contract/routes/import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';
import { importSourceKeys } from './import-source-keys';

/** The creation as a mutation; resolves with the new source. */
export function useCreateImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ImportSourceBody) => (await callEndpoint(importRoutes.createSource, { body })).source,
    onSuccess: async (source) => {
      queryClient.setQueryData(importSourceKeys.detail(source.id), source);
      await queryClient.invalidateQueries({ queryKey: importSourceKeys.list() });
    },
  });
}

/** The save (or pause, or resume) as a mutation; resolves with the saved source. */
export function useUpdateImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: ImportSourceBody }) =>
      (await callEndpoint(importRoutes.updateSource, { params: { id }, body })).source,
    onSuccess: async (source) => {
      queryClient.setQueryData(importSourceKeys.detail(source.id), source);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importSourceKeys.list() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]);
    },
  });
}
