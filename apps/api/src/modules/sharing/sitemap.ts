/** The sitemap (sitemaps.org protocol 0.9): the home page and the pages of upcoming events. */

const xml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export function buildSitemap(appUrl: string, events: Array<{ handle: string; lastmod: string }>): string {
  const urls = [
    `  <url><loc>${xml(`${appUrl}/`)}</loc></url>`,
    ...events.map(
      (e) =>
        `  <url><loc>${xml(`${appUrl}/events/${encodeURIComponent(e.handle)}`)}</loc><lastmod>${xml(e.lastmod)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
