/**
 * Toronto's "Festivals & Events" open data feed (JSON, Open Government Licence – Toronto): `{"value":[…]}`, each
 * with `event_name`, `event_startdate`, `event_enddate`, `event_description`, `event_category[]`, `event_price`,
 * `free_event`, `event_website`, `event_locations[{location_name, location_address}]`. The stable id is the
 * record's `id` (or `event_id`); dates with an offset are instants, without one wall-clock times in Toronto.
 */
import {
  type Connector,
  FeedError,
  feedWallClock,
  type ImportedRecord,
  occurrenceDates,
  type ParseContext,
  toRecord,
  upcoming,
} from './types';

type Location = { location_name?: unknown; location_address?: unknown };
type Item = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

function itemRecord(item: Item, context: ParseContext): ImportedRecord {
  const id = item.id ?? item.event_id;
  const externalId = typeof id === 'number' || typeof id === 'string' ? String(id).trim() || null : null;
  if (!externalId) return { externalId: null, rejection: 'noStableId' };
  const start = feedWallClock(str(item.event_startdate), context.timeZone);
  if (!start) return { externalId, rejection: 'event_startdate: dateTimeFormat' };
  const end = feedWallClock(str(item.event_enddate), context.timeZone);
  const allDay = start.dateOnly && (!end || end.dateOnly);
  const endDate = end && allDay ? new Date(end.date.getTime() + 86_400_000) : (end?.date ?? null);
  const location = (Array.isArray(item.event_locations) ? item.event_locations[0] : undefined) as Location | undefined;
  const address = [str(location?.location_name), str(location?.location_address)].filter(Boolean).join(', ');
  const categories = Array.isArray(item.event_category) ? item.event_category.map(str) : [];
  const free = /^(yes|true|1)$/i.test(String(item.free_event ?? ''));
  return toRecord(externalId, {
    titleFr: str(item.event_name),
    descriptionFr: str(item.event_description),
    address: address || undefined,
    city: 'Toronto',
    state: 'ON',
    price: free ? 'Free' : str(item.event_price),
    externalLink: str(item.event_website),
    categoryId: context.categoryOf(categories[0]),
    dates: upcoming(occurrenceDates(start.date, endDate, allDay), context),
  });
}

function parse(body: Buffer, context: ParseContext): ImportedRecord[] {
  let document: unknown;
  try {
    document = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new FeedError(`not valid JSON: ${(error as Error).message}`);
  }
  const items = (document as { value?: unknown })?.value;
  if (!Array.isArray(items)) throw new FeedError('not the Festivals & Events shape ({"value": [...]})');
  return items.map((item) =>
    item && typeof item === 'object'
      ? itemRecord(item as Item, context)
      : { externalId: null, rejection: 'notAnObject' },
  );
}

export const torontoJsonConnector = { accept: 'application/json, */*;q=0.5', parse } satisfies Connector;
