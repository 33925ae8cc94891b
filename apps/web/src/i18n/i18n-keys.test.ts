import { describe, expect, it } from 'vitest';
import enCore from './en.json';
import frCore from './fr.json';
import { TEXT_PACKS } from './screens';

type Texts = Record<string, unknown>;
const packs = (lang: 'en' | 'fr'): Record<string, Texts> =>
  Object.fromEntries(
    Object.entries(import.meta.glob<Texts>('./screens/*/*.json', { eager: true, import: 'default' })).flatMap(
      ([file, texts]) => (file.endsWith(`/${lang}.json`) ? [[file.split('/')[2] as string, texts]] : []),
    ),
  );
const enPacks = packs('en');
const frPacks = packs('fr');
const enScreens = Object.assign({}, ...Object.values(enPacks));
const frScreens = Object.assign({}, ...Object.values(frPacks));

const en = { ...enCore, ...enScreens };
const fr = { ...frCore, ...frScreens };

type Tree = { [key: string]: unknown };

/** Every leaf of a resource file as [dotted key, value]. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, unknown]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Tree, path)
      : [[path, value]];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();

describe('i18n resource files', () => {
  it('put each section in one place: the first load (en.json) or one pack of the lazy screens (screens/*/en.json)', () => {
    expect(Object.keys(enPacks).sort()).toEqual(Object.keys(frPacks).sort());
    // Every folder is a pack the app loads (screens.ts).
    expect(Object.keys(enPacks).sort()).toEqual([...TEXT_PACKS].sort());
    for (const [lang, core, lazy] of [
      ['en', enCore, enPacks],
      ['fr', frCore, frPacks],
    ] as const) {
      const sections = [Object.keys(core), ...Object.values(lazy).map((texts) => Object.keys(texts))].flat();
      expect(
        sections.filter((section, i) => sections.indexOf(section) !== i),
        lang,
      ).toEqual([]);
      for (const [pack, texts] of Object.entries(lazy))
        expect(Object.keys(texts), `${lang} ${pack}`).toEqual(Object.keys(enPacks[pack] ?? {}));
    }
  });

  const files = { en: new Map(leaves(en)), fr: new Map(leaves(fr)) };

  it('have exactly the same keys in fr and en', () => {
    const enKeys = [...files.en.keys()].sort();
    const frKeys = [...files.fr.keys()].sort();
    expect(
      frKeys.filter((key) => !files.en.has(key)),
      'keys only in fr.json',
    ).toEqual([]);
    expect(
      enKeys.filter((key) => !files.fr.has(key)),
      'keys only in en.json',
    ).toEqual([]);
  });

  it.each(Object.entries(files))('%s.json has only non-empty text values', (_lang, entries) => {
    const bad = [...entries]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const mismatched = [...files.en].filter(([key, value]) => {
      const other = files.fr.get(key);
      return (
        typeof value === 'string' && typeof other === 'string' && `${placeholders(value)}` !== `${placeholders(other)}`
      );
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('set French punctuation with a narrow no-break space before ? ! : ; and inside « »', () => {
    const wrong = [...files.fr].filter(
      ([, text]) =>
        typeof text === 'string' &&
        (/(^|[^\u202f])[?!:;](\s|$|["»)])/.test(text) || /«(?!\u202f)|(?<!\u202f)»/.test(text)),
    );
    expect(wrong).toEqual([]);
  });
});
