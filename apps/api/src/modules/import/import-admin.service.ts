/** The administrators' management of import sources (issue 25): list, create, update, pause, delete, run now. */
import { IMPORT_RUNS_LISTED, type ImportSource, type ImportSourceInput } from '@evmap/contract/import';
import { notFound, validationError } from '../../errors';
import { categoryExists } from '../globals/globals.repository';
import { findUserById } from '../users/users.repository';
import { presentRun, presentSource } from './import.presenter';
import {
  activeSourceEvents,
  findSource,
  insertSource,
  latestRuns,
  listSources,
  type NewSource,
  pausedSourceEvents,
  type SourceRow,
  updateSource,
} from './import.repository';
import { type ImportDeps, runSource } from './import.service';
import { deactivate, reactivate } from './import-events';

async function present(deps: ImportDeps, ids?: number[]): Promise<ImportSource[]> {
  const rows = await listSources(deps.db, ids);
  return Promise.all(rows.map(async (row) => presentSource(row, (await latestRuns(deps.db, row.id, 1))[0])));
}

export const listImportSources = (deps: ImportDeps) => present(deps);

async function existing(deps: ImportDeps, id: number): Promise<SourceRow> {
  const source = await findSource(deps.db, id);
  if (!source) throw notFound();
  return source;
}

export async function getImportSource(deps: ImportDeps, id: number): Promise<ImportSource> {
  await existing(deps, id);
  return (await present(deps, [id]))[0]!;
}

/** The owner must be an event-manager account (not an administrator, not deleted); categories must exist. */
async function checkInput(deps: ImportDeps, input: ImportSourceInput): Promise<void> {
  const owner = await findUserById(deps.db, input.ownerId);
  const errors: Record<string, { key: 'fieldInvalid'; params: { field: string } }> = {};
  const invalid = (field: string) => {
    errors[field] ??= { key: 'fieldInvalid', params: { field } };
  };
  if (!owner || owner.isAdmin || owner.deletedAt || owner.type !== 'event-manager') invalid('ownerId');
  if (input.defaultCategoryId && !(await categoryExists(deps.db, input.defaultCategoryId))) {
    invalid('defaultCategoryId');
  }
  for (const id of new Set(Object.values(input.categoryMapping))) {
    if (!(await categoryExists(deps.db, id))) invalid('categoryMapping');
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

const columns = (input: ImportSourceInput): NewSource => ({
  name: input.name,
  kind: input.kind,
  url: input.url,
  schedule: input.schedule,
  language: input.language,
  ownerId: input.ownerId,
  defaultCategoryId: input.defaultCategoryId ?? null,
  categoryMapping: input.categoryMapping,
  licence: input.licence ?? null,
  attribution: input.attribution ?? null,
  publishAtOnce: input.publishAtOnce,
  paused: input.paused,
});

export async function createImportSource(deps: ImportDeps, input: ImportSourceInput): Promise<ImportSource> {
  await checkInput(deps, input);
  const source = await insertSource(deps.db, { ...columns(input), nextRunAt: new Date() });
  return getImportSource(deps, source.id);
}

/** The source's events leave the map (a paused or deleted source). */
async function takeOffTheMap(deps: ImportDeps, sourceId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    for (const event of await activeSourceEvents(tx, sourceId)) await deactivate(tx, event);
  });
}

export async function updateImportSource(
  deps: ImportDeps,
  id: number,
  input: ImportSourceInput,
): Promise<ImportSource> {
  const before = await existing(deps, id);
  await checkInput(deps, input);
  // Resumed: due at once, and its events back on the map if it publishes at once.
  const resumed = before.paused && !input.paused;
  await updateSource(deps.db, id, { ...columns(input), ...(resumed ? { nextRunAt: new Date() } : {}) });
  if (!before.paused && input.paused) await takeOffTheMap(deps, id);
  if (resumed && input.publishAtOnce) {
    await deps.db.transaction(async (tx) => {
      for (const event of await pausedSourceEvents(tx, id)) await reactivate(tx, event);
    });
  }
  return getImportSource(deps, id);
}

export async function deleteImportSource(deps: ImportDeps, id: number): Promise<void> {
  await existing(deps, id);
  await updateSource(deps.db, id, { paused: true, deletedAt: new Date() });
  await takeOffTheMap(deps, id);
}

export async function runImportSourceNow(deps: ImportDeps, id: number) {
  return presentRun(await runSource(deps, await existing(deps, id)));
}

export async function listImportRuns(deps: ImportDeps, id: number) {
  await existing(deps, id);
  return (await latestRuns(deps.db, id, IMPORT_RUNS_LISTED)).map(presentRun);
}
