/**
 * What an administrator changed on an imported event (issue 25): recorded on the event, so that later imports of
 * its record keep those fields as edited.
 */
import type { AdminEventInput } from '@evmap/contract/events';
import type { Tx } from '../../db/client';
import { addAdminEditedFields, type EventRecord } from './events.repository';

/** The fields of an imported event an administrator may edit, kept as edited on every later import. */
export const EDITABLE_FIELDS = [
  'titleFr',
  'titleEn',
  'descriptionFr',
  'descriptionEn',
  'categoryId',
  'address',
  'city',
  'zipcode',
  'latitude',
  'longitude',
  'price',
  'website',
  'externalLink',
  'dates',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The fields whose value `input` changes on `existing` (for an administrator's edit of an imported event). */
export function editedFields(existing: Record<string, unknown>, input: Record<string, unknown>): EditableField[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return EDITABLE_FIELDS.filter((field) => {
    if (field === 'dates') {
      const dates = (input.dates as Array<{ startDate: string; endDate?: string | null }>) ?? [];
      return !same(
        existing.dates,
        dates.map((d) => ({ startDate: d.startDate, endDate: d.endDate ?? null })),
      );
    }
    return !same(existing[field], input[field]);
  });
}

/**
 * Records the fields `input` changes on the imported `event`; `active` too when the administrator changes it (a
 * resumed source or a returning record then leaves it as they set it).
 */
export async function keepEditedFields(tx: Tx, event: EventRecord, input: AdminEventInput): Promise<void> {
  const fields: string[] = editedFields(
    event as unknown as Record<string, unknown>,
    input as unknown as Record<string, unknown>,
  );
  if (input.active !== undefined && input.active !== event.active) fields.push('active');
  if (fields.length > 0) await addAdminEditedFields(tx, event.id, fields);
}
