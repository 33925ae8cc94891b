/**
 * `/connected/sources` (issue 25): the signed-in organisation's own calendars (iCalendar URLs on the trial or
 * complete plan), their runs, "Run now", pause and resume (the whole source again), and deletion. A run or a
 * pause changes the organisation's events, so every event query is refreshed after them.
 */
import type { ImportSource, OwnImportSourceInput } from '@evmap/contract/import';
import { ownImportRoutes } from '@evmap/contract/routes/import';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys, meKeys } from '@/lib/query-keys';

/** While a run is under way, the calendars and their runs are asked again this often (ms). */
export const OWN_RUN_POLL_MS = 2_000;

export const ownSourceKeys = {
  all: () => [...meKeys.all, 'sources'] as const,
  list: () => [...meKeys.all, 'sources', 'list'] as const,
  runs: (id: number) => [...meKeys.all, 'sources', 'runs', id] as const,
};

/** The calendars, each with its last run; asked again while one runs. `enabled` false off the right plan. */
export function useOwnSources(enabled: boolean) {
  return useQuery({
    queryKey: ownSourceKeys.list(),
    queryFn: async ({ signal }) => (await callEndpoint(ownImportRoutes.sources, { signal })).sources,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((source) => source.lastRun?.status === 'running') ? OWN_RUN_POLL_MS : false,
  });
}

/** The latest runs of the calendar `id`, latest first (asked when shown). */
export function useOwnRuns(id: number) {
  return useQuery({
    queryKey: ownSourceKeys.runs(id),
    queryFn: async ({ signal }) => (await callEndpoint(ownImportRoutes.runs, { params: { id }, signal })).runs,
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === 'running') ? OWN_RUN_POLL_MS : false),
  });
}

/** The whole body of a saved calendar again, with `changes`. */
export function ownSourceBodyOf(source: ImportSource, changes: Partial<OwnImportSourceInput> = {}) {
  return {
    name: source.name,
    url: source.url,
    schedule: source.schedule,
    language: source.language,
    defaultCategoryId: source.defaultCategoryId,
    paused: source.paused,
    ...changes,
  };
}

/** Refreshes the calendars, their runs and every event query. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ownSourceKeys.all() }),
      queryClient.invalidateQueries({ queryKey: eventKeys.all }),
    ]);
}

/** Connecting a calendar; resolves with it. */
export function useCreateOwnSource() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: OwnImportSourceInput) =>
      (await callEndpoint(ownImportRoutes.createSource, { body })).source,
    onSuccess: refresh,
  });
}

/** Saving a calendar again (pausing and resuming included). */
export function useUpdateOwnSource() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: OwnImportSourceInput }) =>
      (await callEndpoint(ownImportRoutes.updateSource, { params: { id }, body })).source,
    onSuccess: refresh,
  });
}

/** Deleting a calendar: it stops, its events leave the map. */
export function useDeleteOwnSource() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(ownImportRoutes.deleteSource, { params: { id } }),
    onSuccess: refresh,
  });
}

/** "Run now"; resolves with the finished run (its error included). */
export function useRunOwnSource() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => (await callEndpoint(ownImportRoutes.runSource, { params: { id } })).run,
    onSuccess: refresh,
  });
}
