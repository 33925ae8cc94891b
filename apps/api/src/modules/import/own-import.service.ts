/** An organisation's own calendars (issue 25): iCalendar sources of its own events, on the trial or complete plan. */
import type { ImportSource, OwnImportSourceInput } from '@evmap/contract/import';
import { forbidden, notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { findSource } from './import.repository';
import type { ImportDeps } from './import.service';
import {
  createImportSource,
  deleteImportSource,
  listImportRuns,
  listImportSources,
  runImportSourceNow,
  updateImportSource,
} from './import-admin.service';

/** Event-managers on the trial (not over) or a complete plan; anyone else 403. */
export function assertCalendarPlan(user: UserRow, now = new Date()): void {
  if (user.type !== 'event-manager' || user.isAdmin) throw forbidden();
  const trialing = user.planType === 'trial' && !(user.trialEndedAt && user.trialEndedAt < now);
  if (!(trialing || user.planType === 'complete' || user.planType === 'free-complete')) {
    throw forbidden('calendarPlanRequired');
  }
}

/** The user's own source: 404 when it does not exist, 403 when it is someone else's. */
async function ownSource(deps: ImportDeps, user: UserRow, id: number) {
  const source = await findSource(deps.db, id);
  if (!source) throw notFound();
  if (source.ownerId !== user.id) throw forbidden();
  return source;
}

const columns = (user: UserRow, input: OwnImportSourceInput) => ({
  ...input,
  kind: 'icalendar' as const,
  ownerId: user.id,
  categoryMapping: {},
  licence: null,
  attribution: null,
  publishAtOnce: true,
});

export async function listOwnSources(deps: ImportDeps, user: UserRow): Promise<ImportSource[]> {
  assertCalendarPlan(user);
  return (await listImportSources(deps)).filter((source) => source.ownerId === user.id);
}

export async function createOwnSource(deps: ImportDeps, user: UserRow, input: OwnImportSourceInput) {
  assertCalendarPlan(user);
  return createImportSource(deps, columns(user, input));
}

export async function updateOwnSource(deps: ImportDeps, user: UserRow, id: number, input: OwnImportSourceInput) {
  assertCalendarPlan(user);
  await ownSource(deps, user, id);
  return updateImportSource(deps, id, columns(user, input));
}

export async function deleteOwnSource(deps: ImportDeps, user: UserRow, id: number) {
  assertCalendarPlan(user);
  await ownSource(deps, user, id);
  await deleteImportSource(deps, id);
}

export async function runOwnSource(deps: ImportDeps, user: UserRow, id: number) {
  assertCalendarPlan(user);
  await ownSource(deps, user, id);
  return runImportSourceNow(deps, id);
}

export async function listOwnRuns(deps: ImportDeps, user: UserRow, id: number) {
  assertCalendarPlan(user);
  await ownSource(deps, user, id);
  return listImportRuns(deps, id);
}
