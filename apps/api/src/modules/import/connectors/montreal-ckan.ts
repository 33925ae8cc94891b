/**
 * Montréal's "Événements publics" through the CKAN `datastore_search` API of donnees.montreal.ca: the source's URL
 * is `…/api/3/action/datastore_search?resource_id=…`; each answer is
 * `{"success":true,"result":{"records":[…],"total":N,"_links":{"next":"…&offset=…"}}}`. The pages are read
 * (CKAN_PAGE_SIZE records each) until `total` is reached, each fetched by the run's fetcher (safe-fetch: every
 * `next` link, resolved against the source's URL, is checked like any URL), CKAN_PAGES_MAX pages and FETCH_MAX_BYTES
 * in all at most. `success:false`, a page that fails or a page of another shape refuses the whole feed. Each record
 * is mapped as the CSV's rows are (montreal.ts).
 */
import { FETCH_MAX_BYTES } from '../../../lib/safe-fetch';
import { hasMontrealFields, MONTREAL_FIELDS_MISSING, type MontrealRecord, montrealRecord } from './montreal';
import { type Connector, FeedError, type Fetcher, type ImportedRecord, type ParseContext } from './types';

/** Records asked per page (`limit`), unless the source's URL says otherwise. */
export const CKAN_PAGE_SIZE = 1_000;
/** Pages read at most: a feed that needs more is refused (its records would otherwise count as missing). */
export const CKAN_PAGES_MAX = 100;

type Page = { records: MontrealRecord[]; total: number; next: string | undefined };

/** One `datastore_search` answer; a FeedError when it is not a successful one. */
function readPage(body: Buffer): Page {
  let answer: unknown;
  try {
    answer = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new FeedError(`not valid JSON: ${(error as Error).message}`);
  }
  const { success, result, error } = (answer ?? {}) as { success?: unknown; result?: unknown; error?: unknown };
  if (success !== true) {
    const message = (error as { message?: unknown } | undefined)?.message;
    throw new FeedError(`the CKAN API answered success:false${typeof message === 'string' ? `: ${message}` : ''}`);
  }
  const { records, total, _links: links } = (result ?? {}) as { records?: unknown; total?: unknown; _links?: unknown };
  if (!Array.isArray(records) || typeof total !== 'number' || !Number.isInteger(total) || total < 0) {
    throw new FeedError('not a CKAN datastore_search answer (result.records, result.total)');
  }
  const next = (links as { next?: unknown } | undefined)?.next;
  return {
    records: records.map((r) => (r && typeof r === 'object' ? (r as MontrealRecord) : {})),
    total,
    next: typeof next === 'string' && next ? next : undefined,
  };
}

/** The source's URL with a page size and the first offset (those it sets itself are kept). */
function firstPageUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw; // the fetcher refuses it with its reason
  }
  if (!url.searchParams.has('limit')) url.searchParams.set('limit', String(CKAN_PAGE_SIZE));
  if (!url.searchParams.has('offset')) url.searchParams.set('offset', '0');
  return url.toString();
}

/** The next page: CKAN's `next` link resolved against the source's URL, else the offset moved on by hand. */
function nextPageUrl(source: string, current: string, page: Page, read: number): string {
  if (page.next) return new URL(page.next, source).toString();
  const url = new URL(current);
  url.searchParams.set('offset', String(read));
  return url.toString();
}

function parse(body: Buffer, context: ParseContext): ImportedRecord[] {
  const { records } = readPage(body);
  if (records.length > 0 && !hasMontrealFields(records[0]!)) throw new FeedError(MONTREAL_FIELDS_MISSING);
  return records.map((record) => montrealRecord(record, context));
}

async function fetchRecords(fetch: Fetcher, source: string, context: ParseContext): Promise<ImportedRecord[]> {
  const records: MontrealRecord[] = [];
  let url = firstPageUrl(source);
  let bytes = 0;
  for (let pages = 1; ; pages++) {
    const fetched = await fetch(url);
    bytes += fetched.body.length;
    if (bytes > FETCH_MAX_BYTES) throw new FeedError(`the pages come to more than ${FETCH_MAX_BYTES} bytes`);
    const page = readPage(fetched.body);
    if (records.length === 0 && page.records.length > 0 && !hasMontrealFields(page.records[0]!)) {
      throw new FeedError(MONTREAL_FIELDS_MISSING);
    }
    records.push(...page.records);
    if (records.length >= page.total) break;
    // Fewer records than announced and nothing more: the dataset changed under the run, or the API is broken.
    if (page.records.length === 0) {
      throw new FeedError(`page ${pages} is empty after ${records.length} of ${page.total} records`);
    }
    if (pages >= CKAN_PAGES_MAX) {
      throw new FeedError(`more than ${CKAN_PAGES_MAX} pages (${page.total} records announced)`);
    }
    url = nextPageUrl(source, fetched.url, page, records.length);
  }
  return records.map((record) => montrealRecord(record, context));
}

export const montrealCkanConnector = { accept: 'application/json', parse, fetchRecords } satisfies Connector;
