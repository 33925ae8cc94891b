/** Command-line helpers shared by the seed and benchmark programs. */

/** `--name N`: a positive integer (underscores allowed: 100_000), or `fallback` when absent. */
export function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer (got "${raw}")`);
  return value;
}
