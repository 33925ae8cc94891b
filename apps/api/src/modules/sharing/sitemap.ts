/** The sitemap (sitemaps.org protocol 0.9): the home page and the pages of upcoming events. */
import { escapeHtml } from '@evmap/contract/html';

export function buildSitemap(appUrl: string, events: Array<{ handle: string; lastmod: string }>): string {
  const urls = [
    `  <url><loc>${escapeHtml(`${appUrl}/`)}</loc></url>`,
    ...events.map(
      (e) =>
        `  <url><loc>${escapeHtml(`${appUrl}/events/${encodeURIComponent(e.handle)}`)}</loc><lastmod>${escapeHtml(e.lastmod)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
