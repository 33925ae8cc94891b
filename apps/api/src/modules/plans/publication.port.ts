/**
 * The one place where publishing an event meets billing (the billing module plugs in here). Under the unit plan
 * each publication is charged: a new event, or a new publication of an event whose place or dates go beyond what
 * its last one covered (contract: unit-publication.ts). A refused charge means nothing is saved.
 */
import type { OwnerEventInput } from '@evmap/contract/events';
import type { PublicationCoverage } from '@evmap/contract/unit-publication';
import type { UserRow } from '../../plugins/auth';

export type PublicationCharge = {
  /**
   * Under the unit plan (as committed now): saves `input` (a new event, or a new publication of `existingId`) once
   * its charge is paid, and answers the event's id; null when the user's plan does not charge publications.
   */
  publish(user: UserRow, input: OwnerEventInput, existingId?: number): Promise<number | null>;
  /** What the event's last paid publication covers; undefined when none was recorded (published before). */
  coverage(eventId: number): Promise<PublicationCoverage | undefined>;
};
