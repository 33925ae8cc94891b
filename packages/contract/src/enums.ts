/** Enumerations of spec section 3, shared by the API and the web app. */
import { z } from 'zod';
import { PLAN_TYPES, RECURRING, USER_TYPES } from './constants';
import { PROVINCE_CODES, PROVINCES, type Province } from './provinces';

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

export { RECURRING };
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

export { PROVINCE_CODES, PROVINCES, type Province };
export const provinceSchema = z.enum(PROVINCE_CODES);

export const STAT_TYPES = ['view', 'click', 'btn_click'] as const;
/** Where a view comes from: the event's page or link, a map marker, or another website's embed (`?from=embed`). */
export const VIEW_VALUES = ['single_modal', 'map_marker', 'embed'] as const;
export const CLICK_VALUES = ['website', 'phone', 'external', 'share_url', 'directions'] as const;
