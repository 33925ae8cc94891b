/**
 * Montréal's "Événements publics" open dataset (CSV, CC BY 4.0): one row per event, `url_fiche` ending in the
 * event's number (its stable id), `date_debut`/`date_fin` local times, `lat`/`long`, the address in `titre_adresse`
 * and `adresse_principale`, `type_evenement` its category, `cout` its price; "En ligne" marks an online event
 * (this map shows places: rejected).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import {
  type Connector,
  FeedError,
  type ImportedRecord,
  occurrenceDates,
  type ParseContext,
  toRecord,
  upcoming,
} from './types';

type Row = Record<string, string | undefined>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** A local date-time as written in the dataset, as wall-clock (UTC fields); undefined when unreadable. */
function wallClockOf(value: string | undefined): { date: Date; dateOnly: boolean } | undefined {
  const m = value ? DATE.exec(value.trim()) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? undefined : { date, dateOnly: m[4] === undefined };
}

const ONLINE = /^\s*en ligne\s*$/i;
const stableId = (url: string | undefined) => /(\d+)\/?\s*$/.exec(url ?? '')?.[1];

function rowRecord(row: Row, context: ParseContext): ImportedRecord {
  const externalId = stableId(row.url_fiche);
  if (!externalId) return { externalId: null, rejection: 'noStableId' };
  if ([row.emplacement, row.titre_adresse, row.adresse_principale].some((v) => v && ONLINE.test(v))) {
    return { externalId, rejection: 'online' };
  }
  const start = wallClockOf(row.date_debut);
  if (!start) return { externalId, rejection: 'date_debut: dateTimeFormat' };
  const end = wallClockOf(row.date_fin);
  const allDay = start.dateOnly && (!end || end.dateOnly);
  const endDate = end && allDay ? new Date(end.date.getTime() + 86_400_000) : (end?.date ?? null);
  const address = [row.titre_adresse, row.adresse_principale].filter((v) => v?.trim()).join(', ');
  return toRecord(externalId, {
    titleFr: row.titre,
    descriptionFr: row.description,
    address: address || undefined,
    city: 'Montréal',
    zipcode: row.code_postal?.trim() || undefined,
    state: 'QC',
    latitude: row.lat,
    longitude: row.long,
    price: row.cout,
    externalLink: row.url_fiche?.trim(),
    categoryId: context.categoryOf(row.type_evenement),
    dates: upcoming(occurrenceDates(start.date, endDate, allDay), context),
  });
}

function parse(body: Buffer, context: ParseContext): ImportedRecord[] {
  let rows: Row[];
  try {
    // Strict: a row cut short (a truncated download) or an unclosed quote makes the whole file unreadable.
    rows = parseCsv(body, { columns: true, bom: true, skip_empty_lines: true, trim: true }) as Row[];
  } catch (error) {
    throw new FeedError(`not a valid CSV file: ${(error as Error).message}`);
  }
  if (rows.length > 0 && !('titre' in rows[0]! && 'url_fiche' in rows[0]! && 'date_debut' in rows[0]!)) {
    throw new FeedError('not the "Événements publics" columns (titre, url_fiche, date_debut…)');
  }
  return rows.map((row) => rowRecord(row, context));
}

export const montrealCsvConnector: Connector = { accept: 'text/csv, */*;q=0.5', parse };
