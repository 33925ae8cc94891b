/**
 * The one place where publishing an event meets billing: called inside the transaction that creates an
 * owner's event. Under the unit plan each publication is charged (the billing module plugs in here);
 * a failed charge throws, so the event is not created.
 */
import type { Tx } from '../../db/client';
import type { UserRow } from '../../plugins/auth';

export type PublicationCharge = (tx: Tx, user: UserRow, event: { id: number; titleFr: string }) => Promise<void>;
