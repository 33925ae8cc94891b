/**
 * The web app's index.html with an event's preview tags in <head>: title, description, canonical link,
 * Open Graph, Twitter card and a schema.org JSON-LD block (data, not script: the CSP still forbids inline code).
 */
import { escapeHtml } from '@evmap/contract/html';
import { eventJsonLd, scriptJson } from './event-json-ld';
import type { SharedEventView } from './shared-event.presenter';
import type { SharedEvent } from './sharing.repository';

const SITE_NAME = 'EventMap';

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The tags to put in <head> for `event`, one per line. */
export function shareHeadTags(event: SharedEvent, view: SharedEventView): string {
  const locale = view.lang === 'fr' ? 'fr_CA' : 'en_CA';
  const alternate = view.lang === 'fr' ? 'en_CA' : 'fr_CA';
  const tags = [
    `<title>${escapeHtml(`${view.title} | ${SITE_NAME}`)}</title>`,
    meta('name', 'description', view.summary),
    `<link rel="canonical" href="${escapeHtml(view.canonicalUrl)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', view.title),
    meta('property', 'og:description', view.summary),
    meta('property', 'og:url', view.canonicalUrl),
    meta('property', 'og:locale', locale),
    meta('property', 'og:locale:alternate', alternate),
    ...(view.imageUrl
      ? [meta('property', 'og:image', view.imageUrl), meta('property', 'og:image:alt', view.title)]
      : []),
    meta('name', 'twitter:card', view.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', view.title),
    meta('name', 'twitter:description', view.summary),
    ...(view.imageUrl ? [meta('name', 'twitter:image', view.imageUrl)] : []),
    `<script type="application/ld+json">${scriptJson(eventJsonLd(event, view))}</script>`,
  ];
  return tags.join('\n    ');
}

/** Tags of the static page that the event's own tags replace. */
const REPLACED = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s[^>]*name=["'](?:description|twitter:[^"']*)["'][^>]*>\s*/gi,
  /<meta\s[^>]*property=["']og:[^"']*["'][^>]*>\s*/gi,
  /<link\s[^>]*rel=["']canonical["'][^>]*>\s*/gi,
  /<script\s[^>]*type=["']application\/ld\+json["'][^>]*>[\s\S]*?<\/script>\s*/gi,
];

/** `html` with the event's tags in <head> and the page language set. */
export function injectShareTags(html: string, tags: string, lang: string): string {
  const headEnd = html.search(/<\/head>/i);
  if (headEnd < 0) return html;
  let head = html.slice(0, headEnd);
  for (const pattern of REPLACED) head = head.replace(pattern, '');
  head = head.replace(/<html(\s[^>]*)?>/i, (tag) =>
    /\slang=/i.test(tag)
      ? tag.replace(/\slang=["'][^"']*["']/i, ` lang="${lang}"`)
      : tag.replace('<html', `<html lang="${lang}"`),
  );
  return `${head.trimEnd()}\n    ${tags}\n  ${html.slice(headEnd)}`;
}
