/** Which English texts of an event fall back to the French original (issue 25's "not translated" mark). */
import { describe, expect, it } from 'vitest';
import { untranslatedEn } from './event.presenter';
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
