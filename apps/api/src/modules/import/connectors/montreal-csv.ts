/**
 * Montréal's "Événements publics" as CSV (montreal.ts maps each row), parsed by csv-parse as a stream: the body is
 * fed in slices and each row mapped as it comes, so the rows of a large file are never all held at once.
 */
import { Readable } from 'node:stream';
import { parse as csvParser } from 'csv-parse';
import { hasMontrealFields, MONTREAL_FIELDS_MISSING, type MontrealRecord, montrealRecord } from './montreal';
import { type Connector, FeedError, type ImportedRecord, type ParseContext } from './types';

const SLICE = 64 * 1024;

function* slices(body: Buffer) {
  for (let at = 0; at < body.length; at += SLICE) yield body.subarray(at, at + SLICE);
}

async function parse(body: Buffer, context: ParseContext): Promise<ImportedRecord[]> {
  // Strict: a row cut short (a truncated download) or an unclosed quote makes the whole file unreadable.
  const parser = Readable.from(slices(body)).pipe(
    csvParser({ columns: true, bom: true, skip_empty_lines: true, trim: true }),
  );
  const records: ImportedRecord[] = [];
  let first = true;
  try {
    for await (const row of parser as AsyncIterable<MontrealRecord>) {
      if (first && !hasMontrealFields(row)) throw new FeedError(MONTREAL_FIELDS_MISSING);
      first = false;
      records.push(montrealRecord(row, context));
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof FeedError) throw error;
    throw new FeedError(`not a valid CSV file: ${(error as Error).message}`);
  }
  return records;
}

export const montrealCsvConnector = { accept: 'text/csv, */*;q=0.5', parse } satisfies Connector;
