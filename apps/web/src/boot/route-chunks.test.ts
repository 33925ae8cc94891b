import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_CHUNKS_META as BUILD_META } from '../../scripts/route-chunks';
import { loadAppScripts, PRELOADS_PER_TASK } from './app-scripts';
import { bootLang, matchesPattern, ROUTE_CHUNKS_META, routeFiles, routeOf } from './route-chunks';

/** The chunks the entry imports, after it in the app-scripts meta. */
const ENTRY_CHUNKS = ['/assets/react-b.js', '/assets/r1.js', '/assets/r2.js', '/assets/r3.js', '/assets/r4.js'];

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
    'en-9.js',
    'fr-10.js',
    'en-11.js',
    'fr-12.js',
  ],
  shell: { en: 8, fr: 9 },
  texts: { organiser: { en: 0, fr: 1 }, form: { en: 10, fr: 11 } },
  routes: [
    ['/events/:handleOrUuid', [7], []],
    ['/profile', [2, 3, 6], ['organiser']],
    ['/profile/events/:eventUuid', [2, 5, 6], ['organiser', 'form']],
    ['/profile/events/create', [2, 4, 6], ['organiser', 'form']],
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
  doc.head.innerHTML = `<meta name="evm-app-scripts" content="/assets/index-a.js ${ENTRY_CHUNKS.join(' ')}"><meta name="${ROUTE_CHUNKS_META}" content='${json}'>`;
  const links = (rel: string) =>
    [...doc.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((l) => l.getAttribute('href'));
  return { doc, links };
}

describe('route chunks (boot)', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the meta the build writes', () => {
    expect(ROUTE_CHUNKS_META).toBe(BUILD_META);
  });

  it('preloads the shell’s texts and the screen of the page after the entry, a few links a task', () => {
    vi.useFakeTimers();
    const { doc, links } = page('https://evmap.test/profile/events/create');
    expect(loadAppScripts(doc)).toBe(true);
    expect(doc.head.querySelector('script')?.getAttribute('src')).toBe('/assets/index-a.js');
    // The first task adds PRELOADS_PER_TASK links, the next ones the rest.
    expect(links('modulepreload').length + links('preload').length).toBe(PRELOADS_PER_TASK);
    vi.runAllTimers();
    expect(links('modulepreload')).toEqual([
      ...ENTRY_CHUNKS,
      '/assets/en-9.js',
      '/assets/layout-3.js',
      '/assets/create-5.js',
      '/assets/en-1.js',
      '/assets/en-11.js',
    ]);
    expect(links('preload')).toEqual(['/assets/layout-7.css']);
    const style = doc.head.querySelector<HTMLLinkElement>('link[rel="preload"]');
    expect([style?.getAttribute('as'), style?.crossOrigin]).toEqual(['style', '']);
  });

  it('takes the texts of the language the app will show: the stored choice, else the browser’s', () => {
    const stored = page('https://evmap.test/profile', { lang: 'fr' });
    expect(bootLang(stored.doc)).toBe('fr');
    expect(routeFiles(stored.doc, '/profile', 'fr').scripts).toEqual([
      '/assets/fr-10.js',
      '/assets/layout-3.js',
      '/assets/profile-4.js',
      '/assets/fr-2.js',
    ]);
    expect(bootLang(page('https://evmap.test/', { languages: ['de-DE', 'fr-CA', 'en'] }).doc)).toBe('fr');
    expect(bootLang(page('https://evmap.test/', { languages: ['es'] }).doc)).toBe('en');
    expect(bootLang(page('https://evmap.test/', { lang: 'en', languages: ['fr-CA'] }).doc)).toBe('en');
  });

  it('preloads the shell’s texts of the page’s language on the home page, with the entry’s chunks', () => {
    const { doc, links } = page('https://evmap.test/', { lang: 'fr' });
    expect(loadAppScripts(doc)).toBe(true);
    expect(links('modulepreload')).toEqual([...ENTRY_CHUNKS, '/assets/fr-10.js']);
    expect(links('preload')).toEqual([]);
  });

  it('adds the shell’s texts on every page, a route’s packs of texts with its screen, nothing without the meta', () => {
    const { doc } = page('https://evmap.test/');
    expect(routeFiles(doc, '/events/jazz-au-parc', 'en')).toEqual({
      scripts: ['/assets/en-9.js', '/assets/modal-8.js'],
      styles: [],
    });
    expect(routeFiles(doc, '/', 'en')).toEqual({ scripts: ['/assets/en-9.js'], styles: [] });
    expect(routeFiles(doc, '/', 'fr')).toEqual({ scripts: ['/assets/fr-10.js'], styles: [] });
    expect(routeFiles(doc, '/no/such/page', 'en')).toEqual({ scripts: ['/assets/en-9.js'], styles: [] });
    const meta = doc.head.querySelector(`meta[name="${ROUTE_CHUNKS_META}"]`);
    meta?.setAttribute('content', '{not json');
    expect(routeFiles(doc, '/profile', 'en')).toEqual({ scripts: [], styles: [] });
    meta?.remove();
    expect(routeFiles(doc, '/profile', 'en')).toEqual({ scripts: [], styles: [] });
  });

  it('matches the route as React Router ranks it: a fixed segment before a parameter, a trailing slash ignored', () => {
    const routes = TABLE.routes as Array<[string, number[], string[]]>;
    expect(routeOf(routes, '/profile/events/create')?.[0]).toBe('/profile/events/create');
    expect(routeOf(routes, '/profile/events/0b5f')?.[0]).toBe('/profile/events/:eventUuid');
    expect(routeOf(routes, '/profile/')?.[0]).toBe('/profile');
    expect(routeOf(routes, '/profile/unknown')).toBeUndefined();
    expect(matchesPattern('/events/:handleOrUuid', '/events')).toBe(false);
  });
});
