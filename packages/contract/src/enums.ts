/** Enumerations of spec section 3, shared by the API and the web app. */
import { z } from 'zod';
import { PLAN_TYPES, USER_TYPES } from './constants';

export const LANGS = ['fr', 'en'] as const;
export const langSchema = z.enum(LANGS);
export type Lang = z.infer<typeof langSchema>;

export { USER_TYPES };
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

/** Plan types; `null` means no plan (viewers). */
export { PLAN_TYPES };
export const planTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof planTypeSchema>;

export const RECURRING = ['none', 'daily', 'weekly', 'bi-weekly', 'monthly'] as const;
export const recurringSchema = z.enum(RECURRING);
export type Recurring = z.infer<typeof recurringSchema>;

export const CATEGORY_HANDLES = [
  'business',
  'community',
  'cultural',
  'nightlife',
  'sports-entertainment',
  'sports-outdoor',
] as const;
export type CategoryHandle = (typeof CATEGORY_HANDLES)[number];

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
export const provinceSchema = z.enum(PROVINCE_CODES);

export const STAT_TYPES = ['view', 'click', 'btn_click'] as const;
/** Where a view comes from: the event's page or link, a map marker, or another website's embed (`?from=embed`). */
export const VIEW_VALUES = ['single_modal', 'map_marker', 'embed'] as const;
export const CLICK_VALUES = ['website', 'phone', 'external', 'share_url', 'directions'] as const;
