/** Placeholder until the demo catalogue lands: loads nothing. */
import type { Database } from '../db/client';

export async function loadDemoData(_db: Database, _options: { uploadsDir: string; now: Date }) {
  return { users: 0, events: 0 };
}
