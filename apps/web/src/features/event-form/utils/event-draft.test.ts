// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { draftKey, readDraft } from './event-draft';

afterEach(() => localStorage.clear());

describe('event drafts', () => {
  it('reads a draft kept before the accessibility fieldset with nothing ticked', () => {
    const values = { titleFr: 'Atelier', dates: [], images: [] };
    localStorage.setItem(draftKey(7), JSON.stringify({ savedAt: '2026-11-01T10:00:00.000Z', values }));
    expect(readDraft(7)?.values.accessibility).toEqual({ stepFree: 'unknown', features: [], noteFr: '', noteEn: '' });
  });

  it('keeps what a newer draft ticked', () => {
    const accessibility = { stepFree: 'yes', features: ['asl'], noteFr: 'Rampe', noteEn: '' };
    const values = { titleFr: 'Atelier', dates: [], images: [], accessibility };
    localStorage.setItem(draftKey(7), JSON.stringify({ savedAt: '2026-11-01T10:00:00.000Z', values }));
    expect(readDraft(7)?.values.accessibility).toEqual(accessibility);
  });
});
