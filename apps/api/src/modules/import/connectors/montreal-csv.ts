/** Montréal's "Événements publics" as CSV (montreal.ts maps each row), parsed by csv-parse. */
import { parse as parseCsv } from 'csv-parse/sync';
import { hasMontrealFields, MONTREAL_FIELDS_MISSING, type MontrealRecord, montrealRecord } from './montreal';
import { type Connector, FeedError, type ImportedRecord, type ParseContext } from './types';

function parse(body: Buffer, context: ParseContext): ImportedRecord[] {
  let rows: MontrealRecord[];
  try {
    // Strict: a row cut short (a truncated download) or an unclosed quote makes the whole file unreadable.
    rows = parseCsv(body, { columns: true, bom: true, skip_empty_lines: true, trim: true }) as MontrealRecord[];
  } catch (error) {
    throw new FeedError(`not a valid CSV file: ${(error as Error).message}`);
  }
  if (rows.length > 0 && !hasMontrealFields(rows[0]!)) throw new FeedError(MONTREAL_FIELDS_MISSING);
  return rows.map((row) => montrealRecord(row, context));
}

export const montrealCsvConnector: Connector = { accept: 'text/csv, */*;q=0.5', parse };
