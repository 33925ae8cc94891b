/** Import sources and runs as the admin API answers them (contract import.ts). */
import type { ImportKind, ImportLanguage, ImportRun, ImportSchedule, ImportSource } from '@evmap/contract/import';
import type { RunRow, SourceListRow } from './import.repository';

const iso = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? new Date(value).toISOString() : value.toISOString();

export function presentRun(run: RunRow): ImportRun {
  return {
    id: run.id,
    sourceId: run.sourceId,
    status: run.status as ImportRun['status'],
    startedAt: iso(run.startedAt)!,
    finishedAt: iso(run.finishedAt),
    counts: {
      created: run.created,
      updated: run.updated,
      unchanged: run.unchanged,
      removed: run.removed,
      rejected: run.rejected,
      linked: run.linked,
    },
    error: run.error,
    rejections: run.rejections,
  };
}

export function presentSource(source: SourceListRow, lastRun: RunRow | undefined): ImportSource {
  return {
    id: source.id,
    name: source.name,
    kind: source.kind as ImportKind,
    url: source.url,
    schedule: source.schedule as ImportSchedule,
    language: source.language as ImportLanguage,
    ownerId: source.ownerId,
    ownerEmail: source.ownerEmail,
    defaultCategoryId: source.defaultCategoryId,
    categoryMapping: source.categoryMapping,
    licence: source.licence,
    attribution: source.attribution,
    publishAtOnce: source.publishAtOnce,
    paused: source.paused,
    nextRunAt: iso(source.nextRunAt)!,
    createdAt: iso(source.createdAt)!,
    updatedAt: iso(source.updatedAt)!,
    eventCount: source.eventCount,
    lastRun: lastRun ? presentRun(lastRun) : null,
  };
}
