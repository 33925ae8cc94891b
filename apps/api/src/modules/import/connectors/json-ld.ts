/**
 * schema.org `Event` in JSON-LD, as Artsdata and most venue sites publish it: a JSON document (an object, an array
 * or an `@graph`) or an HTML page with `<script type="application/ld+json">` blocks. Every node whose type ends in
 * `Event` is a record keyed by its `@id` (or `url`); texts may be language maps (French preferred); `location` a
 * Place with its `address` (text or PostalAddress) and `geo`; `image` its picture; `eventSchedule` (schema.org Schedule, json-ld-schedule.ts)
 * its occurrences; `eventStatus` EventCancelled rejects it.
 */
import { scheduleDates } from './json-ld-schedule';
import {
  CANCELLED,
  type Connector,
  FeedError,
  feedWallClock,
  httpUrlOf,
  type ImportedRecord,
  occurrenceDates,
  type ParseContext,
  toRecord,
  upcoming,
} from './types';

type Node = Record<string, unknown>;

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** A text, a `{@value, @language}` or a list of them: the French one, else the first. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) {
    const french = value.find((v) => typeof v === 'object' && v && String((v as Node)['@language']).startsWith('fr'));
    return text(french ?? value[0]);
  }
  if (value && typeof value === 'object') {
    const node = value as Node;
    return text(node['@value'] ?? node.fr ?? node.en);
  }
  return typeof value === 'number' ? String(value) : undefined;
}

const isEvent = (node: Node) =>
  [node['@type']].flat().some((type) => typeof type === 'string' && /(^|[:/])\w*Event$/.test(type));

/** Every node of the document, nested ones included (an `@graph`, an array, a `subEvent`). */
function nodes(value: unknown, into: Node[] = []): Node[] {
  if (Array.isArray(value)) for (const item of value) nodes(item, into);
  else if (value && typeof value === 'object') {
    const node = value as Node;
    if (isEvent(node)) into.push(node);
    if (node['@graph']) nodes(node['@graph'], into);
    if (node.subEvent) nodes(node.subEvent, into);
  }
  return into;
}

function place(location: unknown) {
  const node = first(location);
  if (typeof node === 'string') return { address: node };
  if (!node || typeof node !== 'object') return {};
  const loc = node as Node;
  const address = first(loc.address);
  const postal = address && typeof address === 'object' ? (address as Node) : undefined;
  const street = postal ? text(postal.streetAddress) : text(address);
  const geo = first(loc.geo) as Node | undefined;
  return {
    address: [text(loc.name), street].filter(Boolean).join(', ') || undefined,
    city: postal ? text(postal.addressLocality) : undefined,
    zipcode: postal ? text(postal.postalCode) : undefined,
    latitude: geo ? Number(text(geo.latitude)) : null,
    longitude: geo ? Number(text(geo.longitude)) : null,
  };
}

function eventRecord(node: Node, context: ParseContext): ImportedRecord {
  const externalId = text(node['@id']) ?? text(node.url) ?? text(node.identifier) ?? null;
  if (!externalId) return { externalId: null, rejection: 'noStableId' };
  if (/EventCancelled$/.test(text(node.eventStatus) ?? '')) return { externalId, rejection: CANCELLED };
  const schedules = [node.eventSchedule ?? []].flat();
  let dates: Array<{ startDate: string; endDate: string | null }>;
  if (schedules.length > 0) {
    // A repeating event: its occurrences are its schedules' (its own startDate is only their first).
    dates = schedules.flatMap((schedule) => scheduleDates(schedule, context));
  } else {
    const start = feedWallClock(text(node.startDate), context.timeZone);
    if (!start) return { externalId, rejection: 'startDate: dateTimeFormat' };
    const end = feedWallClock(text(node.endDate), context.timeZone);
    const allDay = start.dateOnly && (!end || end.dateOnly);
    const endDate = end && allDay ? new Date(end.date.getTime() + 86_400_000) : (end?.date ?? null);
    dates = occurrenceDates(start.date, endDate, allDay);
  }
  const offers = first(node.offers) as Node | undefined;
  const price = node.isAccessibleForFree === true ? 'Gratuit' : offers ? text(offers.price) : undefined;
  const url = text(node.url);
  return toRecord(
    externalId,
    {
      titleFr: text(node.name),
      descriptionFr: text(node.description),
      ...place(node.location),
      price,
      externalLink: url && /^https?:\/\//i.test(url) ? url : undefined,
      categoryId: context.categoryOf(text(first(node.keywords)) ?? text(first(node.additionalType))),
      dates: upcoming(dates, context),
    },
    imageOf(node.image),
  );
}

/** The first `image`: a URL, or an ImageObject's `contentUrl`, `url` or `@id`. */
function imageOf(value: unknown): string | undefined {
  const image = first(value);
  if (typeof image === 'string') return httpUrlOf(image);
  if (!image || typeof image !== 'object') return undefined;
  const node = image as Node;
  return httpUrlOf(text(node.contentUrl) ?? text(node.url) ?? text(node['@id']));
}

const SCRIPT = /<script[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi;

function documents(source: string): unknown[] {
  const trimmed = source.trimStart();
  const blocks =
    trimmed.startsWith('{') || trimmed.startsWith('[') ? [source] : [...source.matchAll(SCRIPT)].map((m) => m[1]!);
  if (blocks.length === 0) throw new FeedError('no JSON-LD in the page');
  return blocks.map((block) => {
    try {
      return JSON.parse(block);
    } catch (error) {
      throw new FeedError(`not valid JSON-LD: ${(error as Error).message}`);
    }
  });
}

function parse(body: Buffer, context: ParseContext): ImportedRecord[] {
  return nodes(documents(body.toString('utf8'))).map((node) => eventRecord(node, context));
}

export const jsonLdConnector = {
  accept: 'application/ld+json, application/json, text/html;q=0.8',
  parse,
} satisfies Connector;
