/**
 * Montréal's "Événements publics" open dataset (CC BY 4.0), one mapping of a record for its readers (the CSV, the
 * GeoJSON, the CKAN `datastore_search` API): `url_fiche` ending in the event's number (its stable id),
 * `date_debut`/`date_fin` local times, `lat`/`long`, the address in `titre_adresse` and `adresse_principale`,
 * `type_evenement` its category, `cout` its price; "En ligne" marks an online event (this map shows places:
 * rejected).
 */
import { type ImportedRecord, occurrenceDates, type ParseContext, toRecord, upcoming } from './types';

/** A record of the dataset: its fields as text (numbers of the JSON forms are read as written). */
export type MontrealRecord = Record<string, unknown>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

const field = (record: MontrealRecord, name: string): string | undefined => {
  const value = record[name];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : undefined;
};

/** A local date-time as written in the dataset, as wall-clock (UTC fields); undefined when unreadable. */
function wallClockOf(value: string | undefined): { date: Date; dateOnly: boolean } | undefined {
  const m = value ? DATE.exec(value) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? undefined : { date, dateOnly: m[4] === undefined };
}

const ONLINE = /^\s*en ligne\s*$/i;
const stableId = (url: string | undefined) => /(\d+)\/?\s*$/.exec(url ?? '')?.[1];

/** The fields a record of the dataset must have (a file of another table is refused as a whole). */
export const hasMontrealFields = (record: MontrealRecord) =>
  'titre' in record && 'url_fiche' in record && 'date_debut' in record;
export const MONTREAL_FIELDS_MISSING = 'not the "Événements publics" columns (titre, url_fiche, date_debut…)';

/**
 * One record of the dataset as an event; `point` the coordinates a reader found elsewhere (a GeoJSON geometry),
 * preferred to `lat`/`long`.
 */
export function montrealRecord(
  record: MontrealRecord,
  context: ParseContext,
  point?: { latitude: number; longitude: number },
): ImportedRecord {
  const url = field(record, 'url_fiche');
  const externalId = stableId(url);
  if (!externalId) return { externalId: null, rejection: 'noStableId' };
  const place = ['emplacement', 'titre_adresse', 'adresse_principale'].map((name) => field(record, name));
  if (place.some((v) => v && ONLINE.test(v))) return { externalId, rejection: 'online' };
  const start = wallClockOf(field(record, 'date_debut'));
  if (!start) return { externalId, rejection: 'date_debut: dateTimeFormat' };
  const end = wallClockOf(field(record, 'date_fin'));
  const allDay = start.dateOnly && (!end || end.dateOnly);
  const endDate = end && allDay ? new Date(end.date.getTime() + 86_400_000) : (end?.date ?? null);
  const address = [field(record, 'titre_adresse'), field(record, 'adresse_principale')].filter(Boolean).join(', ');
  return toRecord(externalId, {
    titleFr: field(record, 'titre'),
    descriptionFr: field(record, 'description'),
    address: address || undefined,
    city: 'Montréal',
    zipcode: field(record, 'code_postal') || undefined,
    state: 'QC',
    latitude: point ? point.latitude : (field(record, 'lat') ?? null),
    longitude: point ? point.longitude : (field(record, 'long') ?? null),
    price: field(record, 'cout'),
    externalLink: url,
    categoryId: context.categoryOf(field(record, 'type_evenement')),
    dates: upcoming(occurrenceDates(start.date, endDate, allDay), context),
  });
}
