import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { routeChunks, routeModules } from './route-chunks';

const ROUTER = fileURLToPath(new URL('../src/app/router.tsx', import.meta.url));

describe('routeModules', () => {
  it('lists each route of a table with its lazy modules and packs of texts, its ancestors’ first', () => {
    const source = `
      const layout = lazyPage(() => import('./layout'), (m) => m.Layout, ['common', 'organiser']);
      export const routes = [
        { Component: Shell, children: [
          { index: true, element: null },
          { path: 'about', lazy: () => import('./about') },
          { path: 'profile', Component: Guard, children: [
            { ...layout, children: [
              { index: true, ...lazyPage(() => import('@/profile-page'), (m) => m.Page) },
              { path: 'events/:id', ...lazyPage(() => import('@/edit-page'), (m) => m.Page, ['form', 'common']) },
            ] },
          ] },
        ] },
        { path: '*', Component: NotFound },
      ];`;
    expect(routeModules(source)).toEqual([
      { pattern: '/', modules: [], texts: [] },
      { pattern: '/about', modules: ['./about'], texts: [] },
      { pattern: '/profile', modules: ['./layout', '@/profile-page'], texts: ['common', 'organiser'] },
      { pattern: '/profile/events/:id', modules: ['./layout', '@/edit-page'], texts: ['common', 'organiser', 'form'] },
    ]);
    expect(() => routeModules('export const other = [];')).toThrow(/no `const routes/);
    // The build must see the packs: a variable there would leave a screen without its texts' preload.
    expect(() =>
      routeModules("export const routes = [{ path: 'a', ...lazyPage(() => import('./a'), (m) => m.A, PACKS) }];"),
    ).toThrow(/array of strings/);
    expect(() =>
      routeModules("export const routes = [{ path: 'a', ...lazyPage(() => import('./a'), (m) => m.A, [pack]) }];"),
    ).toThrow(/array of strings/);
  });

  it('reads the app’s router: every screen of the specification behind a lazy route', () => {
    const routes = routeModules(readFileSync(ROUTER, 'utf8'), ROUTER);
    const byPattern = new Map(routes.map((route) => [route.pattern, route.modules]));
    expect(byPattern.get('/profile')).toEqual([
      './layouts/profile-layout',
      '@/features/profile/components/profile-page',
    ]);
    expect(byPattern.get('/profile/admin/events')).toEqual([
      './layouts/admin-layout',
      '@/features/admin/components/admin-events-page',
    ]);
    expect(byPattern.get('/profile/admin/sources/:sourceId')).toEqual([
      './layouts/admin-layout',
      '@/features/admin/components/import-source-page',
    ]);
    expect(byPattern.get('/organisations/:handle')).toEqual(['@/features/organisation/components/organisation-page']);
    expect(byPattern.get('/events/:handleOrUuid')).toEqual([]);
    const texts = new Map(routes.map((route) => [route.pattern, route.texts]));
    expect(texts.get('/profile')).toEqual(['common', 'organiser', 'organisation']);
    expect(texts.get('/profile/admin/events')).toEqual(['common', 'admin']);
    expect(texts.get('/organisations/:handle')).toEqual(['organisation']);
    expect(routes.every((route) => route.pattern.startsWith('/') && !route.pattern.includes('*'))).toBe(true);
  });
});

const chunk = (fileName: string, extra: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  name: fileName.replace(/^assets\/|-.*$/g, ''),
  isEntry: false,
  facadeModuleId: null,
  imports: [] as string[],
  viteMetadata: { importedCss: new Set<string>() },
  ...extra,
});

describe('routeChunks', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index-1.js', {
        isEntry: true,
        imports: ['assets/react-2.js'],
        viteMetadata: { importedCss: new Set(['assets/index-1.css']) },
      }),
      chunk('assets/react-2.js'),
      chunk('assets/layout-3.js', {
        facadeModuleId: '/src/layout.tsx',
        imports: ['assets/react-2.js', 'assets/Modal-4.js'],
        viteMetadata: { importedCss: new Set(['assets/layout-3.css']) },
      }),
      chunk('assets/Modal-4.js', { imports: ['assets/layout-3.js'] }),
      chunk('assets/page-5.js', { facadeModuleId: '/src/page.tsx', imports: ['assets/Modal-4.js'] }),
      chunk('assets/en-6.js', { facadeModuleId: '/src/screens/form/en.json' }),
      chunk('assets/fr-9.js', { facadeModuleId: '/src/screens/form/fr.json' }),
      chunk('assets/en-7.js', { facadeModuleId: '/src/en.json' }),
      chunk('assets/fr-8.js', { facadeModuleId: '/src/fr.json' }),
    ].map((c) => [c.fileName, c]),
  ) as unknown as OutputBundle;

  it('gives each route its chunks and stylesheets beyond the entry’s, each file once in the table', () => {
    const table = routeChunks(
      bundle,
      [
        { pattern: '/profile', files: ['/src/layout.tsx', '/src/page.tsx'], texts: ['form'] },
        { pattern: '/events/:id', files: ['/src/page.tsx'], texts: [] },
        { pattern: '/', files: [], texts: [] },
      ],
      {
        shell: { en: '/src/en.json', fr: '/src/fr.json' },
        texts: { form: { en: '/src/screens/form/en.json', fr: '/src/screens/form/fr.json' } },
      },
    );
    expect(table.base).toBe('/assets/');
    const files = (indexes: number[]) => indexes.map((i) => table.files[i]);
    expect(files([table.texts.form?.en ?? -1, table.texts.form?.fr ?? -1])).toEqual(['en-6.js', 'fr-9.js']);
    // The shell's texts of each language, for every page.
    expect(files([table.shell.en ?? -1, table.shell.fr ?? -1])).toEqual(['en-7.js', 'fr-8.js']);
    expect(table.routes.map(([pattern, indexes, texts]) => [pattern, files(indexes), texts])).toEqual([
      ['/profile', ['layout-3.js', 'Modal-4.js', 'page-5.js', 'layout-3.css'], ['form']],
      ['/events/:id', ['page-5.js', 'Modal-4.js', 'layout-3.js', 'layout-3.css'], []],
    ]);
    expect(new Set(table.files).size).toBe(table.files.length);
  });

  it('fails the build when a route’s module has no chunk', () => {
    expect(() =>
      routeChunks(bundle, [{ pattern: '/x', files: ['/src/gone.tsx'], texts: [] }], { shell: {}, texts: {} }),
    ).toThrow(/no chunk for \/src\/gone.tsx/);
    expect(() =>
      routeChunks(bundle, [{ pattern: '/x', files: [], texts: ['gone'] }], { shell: {}, texts: {} }),
    ).toThrow(/no texts for pack gone/);
    expect(() => routeChunks(bundle, [], { shell: { en: '/src/gone.json' }, texts: {} })).toThrow(
      /no chunk for \/src\/gone.json/,
    );
  });
});
