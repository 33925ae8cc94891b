/**
 * The embed page (`/embed?…`, issue 26): the events of a filter as a map or a list, made to live in an `<iframe>`
 * on another website. No app shell, no framework, no cookie banner, no service worker, nothing stored in the
 * visitor's browser; the language comes from the address. An event opens on the site in a new tab
 * (`/events/{handle}?from=embed`), where its view counts as an embed view.
 */
import './embed.css';
import { DAY_NOW, MAP } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import type { GlobalsResponse } from '@evmap/contract/globals';
import type { Marker } from '@evmap/contract/marker-tiles';
import { type EmbedBounds, type EmbedView, readEmbedFilters } from '@/lib/embed-url';
import { placeLine } from '@/lib/event-place';
import { eventTitle } from '@/lib/event-title';
import { findCity, getEvents, getGlobals, type TileQuery } from './api';
import { h } from './dom';
import { areaAround, eventsOfArea } from './events';
import { messages } from './messages';

/** A city's events are shown at this zoom (a city and its surroundings). */
const CITY_ZOOM = 12;
/** The list shows this many events, then this many more at each "Show more". */
const LIST_PAGE = 20;

export type Area = { bounds: EmbedBounds; zoom: number };

const filters = readEmbedFilters(window.location.search);
const { lang } = filters;
const t = messages(lang);
const locale = lang === 'en' ? 'en-CA' : 'fr-CA';
const site = window.location.origin;

/** `YYYY-MM-DD` of the viewer's today. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
const day = filters.day ?? today();

function dayLabel(): string {
  if (day === DAY_NOW) return t('now');
  if (day === today()) return t('today');
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, date, 12),
  );
}

/** The event's page on the site, marked as opened from an embed. */
export function eventLink(handle: string): string {
  return `${site}/events/${encodeURIComponent(handle)}?from=embed`;
}

/** A link opening an event on the site in a new tab. */
export function eventAnchor(handle: string, title: string): HTMLAnchorElement {
  return h(
    'a',
    { href: eventLink(handle), target: '_blank', rel: 'noopener' },
    title,
    h('span', { class: 'visually-hidden' }, ` ${t('newTab')}`),
  );
}

/** When an event starts on the day, in the viewer's language. */
function startText(marker: Marker): string {
  if (marker.start < 0) return t('ongoing');
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, Math.floor(marker.start / 60), marker.start % 60),
  );
  return t('startsAt', { time });
}

// The page: a bar (title, day, map/list switch), the events, a status line and the credit.
const root = document.getElementById('embed') ?? document.body;
document.documentElement.lang = lang;
document.title = `${t('title')} · EventMap`;

const pressed = (name: EmbedView) => String(name === filters.view);
const switchButtons: Record<EmbedView, HTMLButtonElement> = {
  map: h('button', { type: 'button', class: 'switch', 'aria-pressed': pressed('map') }, t('map')),
  list: h('button', { type: 'button', class: 'switch', 'aria-pressed': pressed('list') }, t('list')),
};
const body = h('main', { class: 'body' });
const status = h('p', { class: 'status', role: 'status' });
root.append(
  h(
    'header',
    { class: 'bar' },
    h('h1', { class: 'title' }, `${t('title')} · ${dayLabel()}`),
    h(
      'div',
      { class: 'switches', role: 'group', 'aria-label': t('viewSwitch') },
      switchButtons.map,
      switchButtons.list,
    ),
  ),
  body,
  status,
  h(
    'footer',
    { class: 'credit' },
    h(
      'a',
      { href: `${site}/`, target: '_blank', rel: 'noopener' },
      t('attribution', { site: 'EventMap' }),
      h('span', { class: 'visually-hidden' }, ` ${t('newTab')}`),
    ),
  ),
);

function say(text: string): void {
  status.textContent = text;
  status.hidden = text === '';
}

let globals: GlobalsResponse | null = null;
let area: Area | null = null;
let view: EmbedView = filters.view;
/** Each load has its number: an answer of an older one is dropped. */
let generation = 0;
let leaveMap: (() => void) | null = null;

function tileQuery(): TileQuery {
  const category = globals?.categories.find((candidate) => candidate.handle === filters.category);
  return { day, lang, category: category?.id ?? null, q: filters.q, access: filters.access };
}

/** The area shown first: the bounds of the address, its city, or the map's default view. */
async function firstArea(): Promise<Area> {
  const width = body.clientWidth || window.innerWidth;
  const height = body.clientHeight || window.innerHeight;
  if (filters.bounds) {
    const span = Math.max(filters.bounds.east - filters.bounds.west, 1e-6);
    const zoom = Math.max(3, Math.min(16, Math.floor(Math.log2((360 * width) / (256 * span)))));
    return { bounds: filters.bounds, zoom };
  }
  const city = filters.city ? await findCity(filters.city, lang).catch(() => null) : null;
  const center = city ?? MAP.defaultCenter;
  const zoom = city ? CITY_ZOOM : MAP.initialZoom;
  return { bounds: areaAround(center, zoom, width, height), zoom };
}

async function showMap(): Promise<void> {
  if (!globals || !area) return;
  body.replaceChildren();
  const { mountMap } = await import('./embed-map');
  leaveMap = mountMap(body, {
    area,
    fitBounds: filters.bounds !== null,
    tiles: globals.map,
    lang,
    t,
    link: eventAnchor,
    startText,
    load: async (next) => {
      area = next;
      const mine = ++generation;
      try {
        const answer = await eventsOfArea(next.bounds, next.zoom, tileQuery());
        if (mine !== generation) return null;
        say(answer.markers.length === 0 ? t('empty') : answer.capped ? t('capped') : '');
        return answer.markers;
      } catch {
        if (mine === generation) say(t('failed'));
        return null;
      }
    },
  });
}

function listItem(marker: Marker, event: Event | undefined): HTMLLIElement {
  const category = globals?.categories.find((candidate) => candidate.id === marker.categoryId);
  const place = event ? placeLine(event) : '';
  return h(
    'li',
    { class: 'event' },
    h('h2', { class: 'event-title' }, eventAnchor(marker.handle, event ? eventTitle(event, lang) : marker.title)),
    h(
      'p',
      { class: 'event-meta' },
      startText(marker),
      category ? ` · ${lang === 'en' ? category.titleEn : category.titleFr}` : null,
    ),
    place ? h('p', { class: 'event-place' }, place) : null,
  );
}

async function showList(): Promise<void> {
  if (!area) return;
  const mine = ++generation;
  body.replaceChildren();
  say(t('loading'));
  let markers: Marker[];
  try {
    const answer = await eventsOfArea(area.bounds, area.zoom, tileQuery());
    if (mine !== generation) return;
    markers = answer.markers;
    say(markers.length === 0 ? t('empty') : answer.capped ? t('capped') : '');
  } catch {
    if (mine === generation) say(t('failed'));
    return;
  }
  const list = h('ul', { class: 'events', 'aria-label': t('title') });
  const more = h('button', { type: 'button', class: 'more' }, t('more'));
  body.append(list, more);
  let shown = 0;
  const showPage = async () => {
    const page = markers.slice(shown, shown + LIST_PAGE);
    shown += page.length;
    more.hidden = shown >= markers.length;
    const events = await getEvents(
      page.map((marker) => marker.id),
      lang,
    ).catch(() => [] as Event[]);
    if (mine !== generation) return;
    const byId = new Map(events.map((event) => [event.id, event]));
    const items = page.map((marker) => listItem(marker, byId.get(marker.id)));
    list.append(...items);
    // After "Show more", the first new event takes the focus (the button may have gone).
    if (shown > page.length) items[0]?.querySelector('a')?.focus();
  };
  more.addEventListener('click', () => void showPage());
  await showPage();
}

function show(next: EmbedView): void {
  view = next;
  for (const [name, button] of Object.entries(switchButtons))
    button.setAttribute('aria-pressed', String(name === view));
  leaveMap?.();
  leaveMap = null;
  void (view === 'map' ? showMap() : showList());
}

switchButtons.map.addEventListener('click', () => view !== 'map' && show('map'));
switchButtons.list.addEventListener('click', () => view !== 'list' && show('list'));

async function start(): Promise<void> {
  say(t('loading'));
  try {
    globals = await getGlobals(lang);
  } catch {
    say(t('failed'));
    return;
  }
  area = await firstArea();
  show(view);
}

void start();
