/**
 * `GET /connected/admin/source-links` (possible duplicates: records linked to an existing event) and `POST
 * …/import-links/{id}/split` (the record becomes its own event). A split adds an event: the links, the sources
 * (their event counts) and every event query are refreshed.
 */
import { importRoutes } from '@evmap/contract/routes/import';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { adminKeys, eventKeys } from '@/lib/query-keys';
import { importSourceKeys } from './import-source-keys';

export const importLinkKeys = { list: () => [...adminKeys.all, 'import-links'] as const };

/** The links, newest first. */
export function useImportLinks() {
  return useQuery({
    queryKey: importLinkKeys.list(),
    queryFn: async ({ signal }) => (await callEndpoint(importRoutes.links, { signal })).links,
  });
}

/** The split as a mutation; resolves with the event created. */
export function useSplitImportLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await callEndpoint(importRoutes.splitLink, { params: { id } })).event,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importLinkKeys.list() }),
        queryClient.invalidateQueries({ queryKey: importSourceKeys.all() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]),
  });
}
