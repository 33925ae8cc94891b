/**
 * Query keys of the import sources (issue 25), under `adminKeys.all` so that the admin area's broad
 * invalidations reach them too.
 */
import { adminKeys } from '@/lib/query-keys';

export const importSourceKeys = {
  /** Every sources query: the list, each source, each source's runs. */
  all: () => [...adminKeys.all, 'import-sources'] as const,
  list: () => [...adminKeys.all, 'import-sources', 'list'] as const,
  detail: (id: number) => [...adminKeys.all, 'import-sources', 'detail', id] as const,
  runs: (id: number) => [...adminKeys.all, 'import-sources', 'runs', id] as const,
};

/** While a run of a source is under way, its screens ask again this often (ms). */
export const RUN_POLL_MS = 2_000;
