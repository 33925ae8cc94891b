import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Catalogue, interpolate, pluralOf, type Tree, textAt, translate } from './translate';

afterEach(() => {
  vi.restoreAllMocks();
});

const TEXTS: Record<'en' | 'fr', Tree> = {
  en: {
    greeting: 'Hello {{name}}',
    events: { count_one: '{{count}} event', count_other: '{{count}} events' },
    pin: 'Pin',
    pin_marker: 'Marker',
    pin_marker_one: 'One marker',
    pin_marker_other: '{{count}} markers',
    onlyEnglish: 'Only in English',
    empty: '',
  },
  fr: {
    greeting: 'Bonjour {{name}}',
    events: { count_one: '{{count}} événement', count_other: '{{count}} événements' },
    pin: 'Épingle',
    pin_marker: 'Marqueur',
  },
};
const ERRORS: Tree = { fieldRequired: 'The field {{field}} is required' };
const catalogue: Catalogue = (lang, ns) => (ns === 'errors' ? [ERRORS] : [TEXTS[lang]]);

describe('the plural forms, written out for French and English', () => {
  it('put 1 alone in the singular in English', () => {
    expect([0, 1, 2, 1.5, -1].map((count) => pluralOf('en', count))).toEqual(['other', 'one', 'other', 'other', 'one']);
  });

  it('put 0, 1 and what lies below 2 in the singular in French', () => {
    expect([0, 1, 2, 1.5, -1, 21].map((count) => pluralOf('fr', count))).toEqual([
      'one',
      'one',
      'other',
      'one',
      'one',
      'other',
    ]);
  });

  it('choose the key by count, without its suffix in the call', () => {
    const count = (lang: 'en' | 'fr', n: number) => translate(catalogue, lang, 'events.count', { count: n });
    expect([0, 1, 2].map((n) => count('en', n))).toEqual(['0 events', '1 event', '2 events']);
    expect([0, 1, 2].map((n) => count('fr', n))).toEqual(['0 événement', '1 événement', '2 événements']);
  });
});

describe('a lookup', () => {
  it('fills {{placeholders}} as they are (no HTML escaping), empty for null, kept when not given', () => {
    expect(translate(catalogue, 'fr', 'greeting', { name: '<b>Zoé & Léa</b>' })).toBe('Bonjour <b>Zoé & Léa</b>');
    expect(interpolate('{{ a }}-{{b}}-{{c}}-{{d}}', { a: 1, b: null, c: undefined })).toBe('1---{{d}}');
  });

  it('prefers the variant of a context, plural forms included, and falls back to the plain key', () => {
    expect(translate(catalogue, 'en', 'pin', { context: 'marker' })).toBe('Marker');
    expect(translate(catalogue, 'en', 'pin', { context: 'marker', count: 3 })).toBe('3 markers');
    expect(translate(catalogue, 'fr', 'pin', { context: 'marker' })).toBe('Marqueur');
    expect(translate(catalogue, 'en', 'pin', { context: 'other' })).toBe('Pin');
  });

  it('takes a text missing in French from English, silently', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(translate(catalogue, 'fr', 'onlyEnglish')).toBe('Only in English');
    expect(translate(catalogue, 'fr', 'pin', { context: 'marker', count: 1 })).toBe('Marqueur');
    expect(error).not.toHaveBeenCalled();
  });

  it('reads the error catalogue with ns "errors"', () => {
    expect(translate(catalogue, 'en', 'fieldRequired', { ns: 'errors', field: 'email' })).toBe(
      'The field email is required',
    );
  });

  it('reports a missing key on the console and shows the key, or the default value filled in', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(translate(catalogue, 'fr', 'events.nothing')).toBe('events.nothing');
    expect(error).toHaveBeenLastCalledWith('i18n: missing key "translation:events.nothing" (en)');
    expect(translate(catalogue, 'en', 'greeting', { ns: 'errors' })).toBe('greeting');
    expect(error).toHaveBeenLastCalledWith('i18n: missing key "errors:greeting" (en)');
    expect(translate(catalogue, 'en', 'nothing', { defaultValue: 'Hi {{name}}', name: 'Zoé' })).toBe('Hi Zoé');
    expect(error).toHaveBeenLastCalledWith('i18n: missing key "translation:nothing" (en)');
    error.mockClear();
    expect(translate(catalogue, 'en', 'nothing', { count: 2 })).toBe('nothing');
    expect(error.mock.calls).toEqual([
      ['i18n: missing key "translation:nothing_one" (en)'],
      ['i18n: missing key "translation:nothing_other" (en)'],
    ]);
  });

  it('finds texts only (not sections, nor what objects inherit), an empty text included', () => {
    expect(textAt(TEXTS.en, 'events')).toBeUndefined();
    expect(textAt(TEXTS.en, 'greeting.more')).toBeUndefined();
    expect(textAt(TEXTS.en, 'constructor.name')).toBeUndefined();
    expect(textAt(TEXTS.en, 'empty')).toBe('');
  });
});
