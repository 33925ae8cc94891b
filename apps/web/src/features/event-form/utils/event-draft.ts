/**
 * The draft of a new event: what the organiser typed on the new event form and did not publish, kept in
 * this browser's storage per user, so that leaving the form (or losing the tab) loses nothing. The form
 * offers to resume it; publishing or discarding it removes it.
 */
import { readJsonStorage, removeStorage, writeJsonStorage } from '@/lib/storage';
import { type EventFormValues, noAccessibilityValue } from './event-form-values';

/** A stored draft: the form's values and when they were last written. */
export type EventDraft = { savedAt: string; values: EventFormValues };

/** The storage key of `userId`'s draft: one draft per user on a shared computer. */
export const draftKey = (userId: number) => `evmap.eventDraft.${userId}`;

function isDraft(value: unknown): value is EventDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<EventDraft>;
  return (
    typeof draft.savedAt === 'string' &&
    !!draft.values &&
    typeof draft.values === 'object' &&
    typeof draft.values.titleFr === 'string' &&
    Array.isArray(draft.values.dates) &&
    Array.isArray(draft.values.images)
  );
}

/** `userId`'s draft, or null when there is none (or it cannot be read). */
export function readDraft(userId: number): EventDraft | null {
  const value = readJsonStorage(draftKey(userId));
  if (!isDraft(value)) return null;
  // A draft kept before the accessibility fieldset existed has nothing ticked.
  return { ...value, values: { ...value.values, accessibility: value.values.accessibility ?? noAccessibilityValue() } };
}

/** Keeps `values` as `userId`'s draft. */
export function writeDraft(userId: number, values: EventFormValues, now = new Date()): void {
  writeJsonStorage(draftKey(userId), { savedAt: now.toISOString(), values } satisfies EventDraft);
}

/** Forgets `userId`'s draft. */
export function removeDraft(userId: number): void {
  removeStorage(draftKey(userId));
}
