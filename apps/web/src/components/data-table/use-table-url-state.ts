/**
 * A table's state (search, page, sort, filters) kept in the URL's search parameters and read by the rules of the
 * contract's description of the list's query (table-query.ts, from which the API builds its schema), so a reload,
 * the back and forward buttons and a shared link restore it (ARCHITECTURE, "Lists and tables keep their state in the
 * URL"). Values equal to the defaults are left out of the URL; a refused value falls back to its default. The
 * description is read without zod: a table screen does not load the contract's schemas.
 */
import { readTableQuery, type TableQuery, type TableQueryFields } from '@evmap/contract/table-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { nextSort, type SortDirection, type SortState } from './sort-cycle';

/** The fields every table's query has. */
export type TableBasics<F extends string = string> = {
  page: number;
  sortField: F;
  sortDirection: SortDirection;
  search?: string;
};

/** How long the search box waits after the last keystroke before it changes the URL (and asks the API). */
export const TABLE_SEARCH_DEBOUNCE_MS = 300;

/**
 * The URL parameter of a field: the field's name, or with a `prefix` (two tables on one page) the prefix
 * and the name capitalised (`moderation` + `page` → `moderationPage`).
 */
export function tableParam(field: string, prefix = ''): string {
  return prefix ? `${prefix}${field.charAt(0).toUpperCase()}${field.slice(1)}` : field;
}

/**
 * The query of `params` by `fields`, field by field: a missing or refused value takes the field's default, so one
 * bad value in a shared link does not throw the others away.
 */
export function parseTableParams<T extends TableQueryFields>(
  fields: T,
  params: URLSearchParams,
  prefix = '',
): TableQuery<T> {
  return readTableQuery(fields, (name) => params.get(tableParam(name, prefix)));
}

/** A change of some fields; `undefined` or `''` puts the field back to its default. */
export type TableChanges = Record<string, string | number | undefined>;

/**
 * `current` with `changes` applied. Defaults are removed rather than written; any change other than the
 * page's sends the table back to page 1 (a new search or order starts from its first page).
 */
export function updateTableParams(
  current: URLSearchParams,
  changes: TableChanges,
  defaults: Record<string, unknown>,
  prefix = '',
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    const text = value === undefined ? '' : String(value);
    const fallback = defaults[key];
    const param = tableParam(key, prefix);
    if (text === '' || (fallback !== undefined && text === String(fallback))) next.delete(param);
    else next.set(param, text);
  }
  const resetsPage = Object.keys(changes).some((key) => key !== 'page');
  if (resetsPage && !('page' in changes)) next.delete(tableParam('page', prefix));
  return next;
}

/**
 * The table state of the current URL and the ways to change it. Page, sort and filter changes push a
 * history entry (back returns to the previous page of rows); the search box is written after
 * TABLE_SEARCH_DEBOUNCE_MS of quiet and replaces the entry, so typing does not flood the history.
 *
 * Each change builds on the URL as last written here, not on the one last shown: React Router writes the
 * URL at once and renders it in a transition, so a click can land on the previous screen (a page button
 * pressed just after a sort header, while the table still renders). It then still counts, on top of the
 * sort, instead of being dropped or undoing it. A change that leaves the URL as it is adds no entry.
 */
export function useTableUrlState<T extends TableQueryFields, F extends string = string>(
  fields: T,
  options: {
    debounceMs?: number;
    /** Prefixes the URL parameters (see tableParam), for a table that shares its page with others. */
    prefix?: string;
  } = {},
) {
  const debounceMs = options.debounceMs ?? TABLE_SEARCH_DEBOUNCE_MS;
  const prefix = options.prefix ?? '';
  const [params, setParams] = useSearchParams();
  // The parameters as last written here, or as shown once a navigation (back, forward, a link) is rendered.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const query = useMemo(() => parseTableParams(fields, params, prefix), [fields, params, prefix]) as TableQuery<T> &
    TableBasics<F>;
  const defaults = useMemo(() => parseTableParams(fields, new URLSearchParams()), [fields]) as Record<string, unknown> &
    TableBasics<F>;

  const urlSearch = query.search ?? '';
  const [searchInput, setInput] = useState(urlSearch);
  // The search last written or read, to tell our own debounced writes from back/forward and links.
  const written = useRef(urlSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (urlSearch === written.current) return;
    written.current = urlSearch;
    clearTimeout(timer.current);
    pending.current = undefined;
    setInput(urlSearch);
  }, [urlSearch]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = useCallback(
    (changes: TableChanges, replace: boolean) => {
      // A search still waiting for its debounce goes with this change, so the change does not undo it.
      if (pending.current !== undefined && !('search' in changes)) changes = { search: pending.current, ...changes };
      clearTimeout(timer.current);
      if ('search' in changes) written.current = String(changes.search ?? '');
      pending.current = undefined;
      const next = updateTableParams(latest.current, changes, defaults, prefix);
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setParams(next, { replace });
    },
    [defaults, setParams, prefix],
  );

  const setSearchInput = useCallback(
    (text: string) => {
      setInput(text);
      pending.current = text.trim();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (pending.current === undefined) return;
        const search = pending.current;
        pending.current = undefined;
        if (search === written.current) return;
        apply({ search }, true);
      }, debounceMs);
    },
    [apply, debounceMs],
  );

  /** Another page of rows; `replace` when the page shown no longer exists (its last rows were handled). */
  const setPage = useCallback((page: number, replace = false) => apply({ page }, replace), [apply]);
  const setSort = useCallback(
    (sort: SortState<F>) => apply({ sortField: sort.field, sortDirection: sort.direction }, false),
    [apply],
  );
  const toggleSort = useCallback(
    (field: F) => {
      const current = parseTableParams(fields, latest.current, prefix) as TableBasics<F>;
      setSort(
        nextSort<F>({ field: current.sortField, direction: current.sortDirection }, field, {
          field: defaults.sortField,
          direction: defaults.sortDirection,
        }),
      );
    },
    [setSort, fields, defaults, prefix],
  );
  const setFilter = useCallback((key: string, value: string | undefined) => apply({ [key]: value }, false), [apply]);

  const sort: SortState<F> = { field: query.sortField, direction: query.sortDirection };
  return { query, sort, searchInput, setSearchInput, setPage, setSort, toggleSort, setFilter };
}
