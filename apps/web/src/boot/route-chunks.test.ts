import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { ROUTE_CHUNKS_META as BUILD_META } from '../../scripts/route-chunks';
import { loadAppScripts } from './app-scripts';
import { bootLang, matchesPattern, preloadRouteChunks, ROUTE_CHUNKS_META, routeOf } from './route-chunks';

const TABLE = {
  base: '/assets/',
  files: [
    'en-1.js',
    'fr-2.js',
    'layout-3.js',
    'profile-4.js',
    'create-5.js',
    'edit-6.js',
    'layout-7.css',
    'modal-8.js',
  ],
  texts: { en: 0, fr: 1 },
  routes: [
    ['/events/:handleOrUuid', [7], 0],
    ['/profile', [2, 3, 6], 1],
    ['/profile/events/:eventUuid', [2, 5, 6], 1],
    ['/profile/events/create', [2, 4, 6], 1],
  ],
};

function page(url: string, { lang, languages = ['en-CA'] }: { lang?: string; languages?: string[] } = {}) {
  const window = new Window({
    url,
    settings: {
      disableJavaScriptFileLoading: true,
      disableJavaScriptEvaluation: true,
      navigator: { userAgent: 'test' },
    },
  });
  Object.defineProperty(window.navigator, 'languages', { value: languages });
  if (lang) window.localStorage.setItem('evmap.lang', lang);
  const doc = window.document as unknown as Document;
  const json = JSON.stringify(TABLE).replace(/'/g, '&#39;');
  doc.head.innerHTML = `<meta name="evm-app-scripts" content="/assets/index-a.js /assets/react-b.js"><meta name="${ROUTE_CHUNKS_META}" content='${json}'>`;
  const links = (rel: string) =>
    [...doc.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((l) => l.getAttribute('href'));
  return { doc, links };
}

describe('route chunks (boot)', () => {
  it('reads the meta the build writes', () => {
    expect(ROUTE_CHUNKS_META).toBe(BUILD_META);
  });

  it('preloads the screen of the page with the entry: its scripts, its stylesheets as style preloads, its texts', () => {
    const { doc, links } = page('https://evmap.test/profile/events/create');
    expect(loadAppScripts(doc)).toBe(true);
    expect(links('modulepreload')).toEqual([
      '/assets/react-b.js',
      '/assets/layout-3.js',
      '/assets/create-5.js',
      '/assets/en-1.js',
    ]);
    expect(links('preload')).toEqual(['/assets/layout-7.css']);
    const style = doc.head.querySelector<HTMLLinkElement>('link[rel="preload"]');
    expect([style?.getAttribute('as'), style?.crossOrigin]).toEqual(['style', '']);
  });

  it('takes the texts of the language the app will show: the stored choice, else the browser’s', () => {
    const stored = page('https://evmap.test/profile', { lang: 'fr' });
    preloadRouteChunks(stored.doc);
    expect(stored.links('modulepreload')).toContain('/assets/fr-2.js');
    const browser = page('https://evmap.test/profile', { languages: ['de-DE', 'fr-CA', 'en'] });
    preloadRouteChunks(browser.doc);
    expect(browser.links('modulepreload')).toEqual(['/assets/layout-3.js', '/assets/profile-4.js', '/assets/fr-2.js']);
    expect(bootLang(undefined, ['es'])).toBe('en');
    expect(bootLang({ getItem: () => 'en' }, ['fr-CA'])).toBe('en');
  });

  it('adds no texts where the screen has none, and nothing on a page without a lazy screen or without the meta', () => {
    const event = page('https://evmap.test/events/jazz-au-parc');
    preloadRouteChunks(event.doc);
    expect(event.links('modulepreload')).toEqual(['/assets/modal-8.js']);
    const home = page('https://evmap.test/');
    preloadRouteChunks(home.doc);
    expect(home.links('modulepreload')).toEqual([]);
    const bare = page('https://evmap.test/profile');
    bare.doc.head.innerHTML = '';
    preloadRouteChunks(bare.doc);
    expect(bare.links('modulepreload')).toEqual([]);
    const broken = page('https://evmap.test/profile');
    broken.doc.head.querySelector('meta')?.nextElementSibling?.setAttribute('content', '{not json');
    preloadRouteChunks(broken.doc);
    expect(broken.links('modulepreload')).toEqual([]);
  });

  it('matches the route as React Router ranks it: a fixed segment before a parameter, a trailing slash ignored', () => {
    const routes = TABLE.routes as Array<[string, number[], number]>;
    expect(routeOf(routes, '/profile/events/create')?.[0]).toBe('/profile/events/create');
    expect(routeOf(routes, '/profile/events/0b5f')?.[0]).toBe('/profile/events/:eventUuid');
    expect(routeOf(routes, '/profile/')?.[0]).toBe('/profile');
    expect(routeOf(routes, '/profile/unknown')).toBeUndefined();
    expect(matchesPattern('/events/:handleOrUuid', '/events')).toBe(false);
  });
});
