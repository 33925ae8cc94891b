/**
 * Canada's provinces and territories, without zod (`provinceSchema` is in enums.ts): the web app's address fields read
 * them without loading it. A module of their own rather than in constants.ts, which every screen loads.
 */

/** Canadian provinces and territories by two-letter code, with their main IANA time zone. */
export const PROVINCES = {
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
} as const;
export type Province = keyof typeof PROVINCES;
export const PROVINCE_CODES = Object.keys(PROVINCES) as [Province, ...Province[]];
