/**
 * Rolling upgrades (docs/deploying.md): a new version starts beside the old one on the same database and
 * migrates it while the old one still serves, so a migration may only add what the old code ignores. This test
 * reads every migration after the ones shipped before the rule and refuses the statements that would break the
 * running version: drops, renames, type changes, new NOT NULL constraints, and NOT NULL columns without a default.
 * Removing something takes two releases: stop using it in one, drop it in a later one listed in ALLOWED_CONTRACTIONS
 * with the release that stopped using it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../drizzle');
/** Shipped before the rule: read, never changed. */
const BEFORE_THE_RULE = new Set([
  '0000_extensions.sql',
  '0001_initial_schema.sql',
  '0002_accounts.sql',
  '0003_billing.sql',
  '0004_admin_area_indexes.sql',
]);
/** Migrations allowed to remove something the previous release no longer used (file → why it is safe). */
const ALLOWED_CONTRACTIONS: Record<string, string> = {
  '0020_drop_event_days_markers_index.sql':
    'event_days_markers_idx: unread since the release of 0019 (markers by tile key), the release running during 0020',
};

const RULES: Array<[RegExp, string]> = [
  [/\bDROP\s+(TABLE|COLUMN|INDEX|CONSTRAINT|TYPE|SEQUENCE|VIEW)\b/i, 'drops something the running version may use'],
  [/\bRENAME\b/i, 'renames something the running version uses by its old name'],
  [/\bALTER\s+COLUMN\b[^;]*\bTYPE\b/i, 'changes a column type under the running version'],
  [/\bALTER\s+COLUMN\b[^;]*\bSET\s+NOT\s+NULL\b/i, 'adds a NOT NULL the running version may not fill'],
  [/\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i, 'adds a NOT NULL column without a default'],
];

/** What is wrong with the statements of one migration file, if anything. */
export function contractions(sqlText: string): string[] {
  return sqlText
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .flatMap((statement) =>
      RULES.filter(([pattern]) => pattern.test(statement)).map(
        ([, why]) => `${statement.slice(0, 80).replace(/\s+/g, ' ')}…: ${why}`,
      ),
    );
}

describe('migrations', () => {
  it('only add, so that the old version keeps working while the new one migrates', () => {
    const files = readdirSync(DIR).filter((file) => file.endsWith('.sql'));
    expect(files.length).toBeGreaterThanOrEqual(BEFORE_THE_RULE.size);
    const problems = files
      .filter((file) => !BEFORE_THE_RULE.has(file) && !(file in ALLOWED_CONTRACTIONS))
      .flatMap((file) => contractions(readFileSync(path.join(DIR, file), 'utf8')).map((why) => `${file}: ${why}`));
    expect(problems).toEqual([]);
  });

  it('recognises what would break a running version', () => {
    expect(contractions('ALTER TABLE "users" ADD COLUMN "x" text;')).toEqual([]);
    expect(contractions(`ALTER TABLE "users" ADD COLUMN "x" text DEFAULT '' NOT NULL;`)).toEqual([]);
    expect(contractions('CREATE INDEX "i" ON "events" ("id");')).toEqual([]);
    for (const statement of [
      'ALTER TABLE "users" DROP COLUMN "name";',
      'ALTER TABLE "users" RENAME COLUMN "name" TO "title";',
      'ALTER TABLE "users" ALTER COLUMN "name" SET DATA TYPE varchar(10);',
      'ALTER TABLE "users" ALTER COLUMN "name" SET NOT NULL;',
      'ALTER TABLE "users" ADD COLUMN "x" text NOT NULL;',
      'DROP TABLE "uploads";',
    ]) {
      expect(contractions(statement), statement).toHaveLength(1);
    }
  });
});
