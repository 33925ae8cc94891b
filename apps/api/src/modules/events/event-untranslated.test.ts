/** Which English texts of an event fall back to the French original (issue 25's "not translated" mark). */
import { describe, expect, it } from 'vitest';
import { untranslatedEn, untranslatedFr } from './event.presenter';
import type { EventRecord } from './events.repository';

const record = (texts: Partial<EventRecord>) =>
  ({
    titleFr: 'Heure du conte',
    titleEn: '',
    descriptionFr: null,
    descriptionEn: null,
    accessNoteFr: null,
    accessNoteEn: null,
    ...texts,
  }) as EventRecord;

describe('the untranslated English texts', () => {
  it('are those written in French only', () => {
    expect(untranslatedEn(record({ descriptionFr: 'Pour les 3 à 6 ans.', accessNoteFr: 'Rampe' }))).toEqual([
      'title',
      'description',
      'accessNote',
    ]);
    expect(untranslatedEn(record({ titleEn: '  ', descriptionFr: 'Texte', descriptionEn: 'Text' }))).toEqual(['title']);
  });

  it('leave out what is written in English, and what is written in neither language', () => {
    expect(untranslatedEn(record({ titleEn: 'Story time', descriptionFr: '', accessNoteFr: '  ' }))).toEqual([]);
  });
});

describe('the untranslated French texts', () => {
  const english = { name: 'Toronto', licence: null, attribution: null, url: 'https://example.ca', language: 'en' };
  it('are the English originals of an English source (the same text in both languages)', () => {
    const texts = {
      titleFr: 'Lantern Walk',
      titleEn: 'Lantern Walk',
      descriptionFr: 'A walk.',
      descriptionEn: 'A walk.',
    };
    expect(untranslatedFr(record({ ...texts, source: english }))).toEqual(['title', 'description']);
    // An administrator's own French text is a translation.
    expect(untranslatedFr(record({ ...texts, titleFr: 'Marche aux lanternes', source: english }))).toEqual([
      'description',
    ]);
  });

  it('are none for a French source or an event typed by hand', () => {
    const same = { titleFr: 'Jazz', titleEn: 'Jazz' };
    expect(untranslatedFr(record({ ...same, source: { ...english, language: 'fr' } }))).toEqual([]);
    expect(untranslatedFr(record({ ...same, source: null }))).toEqual([]);
  });
});
