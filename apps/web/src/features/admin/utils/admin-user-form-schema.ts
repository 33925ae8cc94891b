/**
 * The administrators' user form (spec sections 3, 5 and 9): the screen's values (the trial end as year,
 * month and day selects, the billing address possibly "same as the address") checked on the fields the
 * user sees, then turned into the contract's user body and checked by the same schema the API uses.
 */
import { type AdminUserBody, type AdminUserValues, adminUserBodySchema } from '@evmap/contract/admin-users';
import { TRIAL_MONTHS } from '@evmap/contract/constants';
import type { Lang, PlanType, UserType } from '@evmap/contract/enums';
import type { User } from '@evmap/contract/users';
import { z } from 'zod';

/** Years the trial end picker offers: the current one and the nine after it (spec section 9). */
export const TRIAL_YEAR_SPAN = 10;
/** Days the picker offers, whatever the month: 1 to 31 (impossible dates are refused on submit). */
export const TRIAL_DAYS: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1);

/** The plan select's choices: the plan types and `none` (no plan, sent as null). */
export const PLAN_CHOICES = ['complete', 'free-complete', 'unit', 'trial', 'canceled', 'none'] as const;
export type PlanChoice = (typeof PLAN_CHOICES)[number];

export type AdminUserFormValues = {
  name: string;
  email: string;
  type: UserType;
  planType: PlanChoice;
  /** The trial end's parts as the selects hold them ('' when not chosen). */
  trialYear: string;
  trialMonth: string;
  trialDay: string;
  preferredLang: Lang;
  phoneNumber: string;
  website: string;
  address: string;
  city: string;
  zipcode: string;
  state: string;
  country: string;
  sameAddress: boolean;
  billingAddress: string;
  billingCity: string;
  billingZipcode: string;
  billingState: string;
  billingCountry: string;
  acceptCommunications: boolean;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The years of the picker from `now`, with `keep` (an existing end outside them) added so it still shows. */
export function trialYears(now: Date, keep?: string): string[] {
  const first = now.getFullYear();
  const years = Array.from({ length: TRIAL_YEAR_SPAN }, (_, i) => String(first + i));
  if (keep && !years.includes(keep)) years.push(keep);
  return years.sort();
}

/** True when year-month-day is a day of the calendar (not 31 February). */
export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `now` plus TRIAL_MONTHS months on the local calendar (31 October → the last day of February). */
export function defaultTrialEnd(now: Date): { year: number; month: number; day: number } {
  const monthIndex = now.getMonth() + TRIAL_MONTHS;
  const year = now.getFullYear() + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(now.getDate(), lastDay) };
}

/** The screen's values → the contract's user body; `trialEndedAt` is `YYYY-MM-DD`, or null when not chosen. */
export function toAdminUserBody(values: AdminUserFormValues) {
  const { trialYear, trialMonth, trialDay } = values;
  const trialEndedAt =
    trialYear && trialMonth && trialDay ? `${trialYear}-${pad(+trialMonth)}-${pad(+trialDay)}` : null;
  const billing = values.sameAddress
    ? {
        address: values.address,
        city: values.city,
        zipcode: values.zipcode,
        state: values.state,
        country: values.country,
      }
    : {
        address: values.billingAddress,
        city: values.billingCity,
        zipcode: values.billingZipcode,
        state: values.billingState,
        country: values.billingCountry,
      };
  return {
    name: values.name,
    email: values.email,
    type: values.type,
    planType: values.planType === 'none' ? null : (values.planType as PlanType),
    trialEndedAt,
    preferredLang: values.preferredLang,
    phoneNumber: values.phoneNumber,
    website: values.website,
    address: values.address,
    city: values.city,
    zipcode: values.zipcode,
    state: values.state,
    country: values.country,
    billingAddress: billing.address,
    billingCity: billing.city,
    billingZipcode: billing.zipcode,
    billingState: billing.state,
    billingCountry: billing.country,
    acceptCommunications: values.acceptCommunications,
  };
}

const text = z.string();
const screenSchema = z
  .object({
    name: text,
    email: text,
    type: z.enum(['viewer', 'event-manager']),
    planType: z.enum(PLAN_CHOICES),
    trialYear: text,
    trialMonth: text,
    trialDay: text,
    preferredLang: z.enum(['fr', 'en']),
    phoneNumber: text,
    website: text,
    address: text,
    city: text,
    zipcode: text,
    state: text,
    country: text,
    sameAddress: z.boolean(),
    billingAddress: text,
    billingCity: text,
    billingZipcode: text,
    billingState: text,
    billingCountry: text,
    acceptCommunications: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const parts = [values.trialYear, values.trialMonth, values.trialDay];
    const chosen = parts.filter(Boolean).length;
    if (chosen === 0) return;
    // A partly chosen date, or a day the month does not have, goes on the day (the last select of the three).
    if (chosen < 3 || !isRealDate(+values.trialYear, +values.trialMonth, +values.trialDay)) {
      ctx.addIssue({ code: 'custom', path: ['trialDay'], message: 'dateInvalid' });
    }
  });

/** The form's schema: the screen's rules, then the contract's user body (the API's messages, before asking it). */
export const adminUserFormSchema = screenSchema
  .transform((values) => toAdminUserBody(values as AdminUserFormValues))
  // The screen holds provinces and countries as plain strings; the contract's schema checks them.
  .pipe(adminUserBodySchema as unknown as z.ZodType<AdminUserValues, ReturnType<typeof toAdminUserBody>>);

/**
 * The checked form values as the request's body: the same fields, the trial end back to its day
 * (`YYYY-MM-DD`, which the API reads as that day's midnight UTC).
 */
export function toRequestBody(values: AdminUserValues): AdminUserBody {
  const { trialEndedAt, ...rest } = values;
  return { ...rest, trialEndedAt: trialEndedAt ? trialEndedAt.toISOString().slice(0, 10) : trialEndedAt };
}

/** The form field of an API error key: the trial end's message goes on its day select; billing on its own fields. */
export function adminUserServerField(key: string): string {
  return key === 'trialEndedAt' ? 'trialDay' : key;
}

const EMPTY_ADDRESS = { address: '', city: '', zipcode: '', state: '', country: 'CA' };

/**
 * A new user's values (spec section 9): an event-manager on the trial plan, the trial ending TRIAL_MONTHS
 * months from `now`, in the administrator's current language.
 */
export function newUserValues(lang: Lang, now: Date): AdminUserFormValues {
  const end = defaultTrialEnd(now);
  return {
    name: '',
    email: '',
    type: 'event-manager',
    planType: 'trial',
    trialYear: String(end.year),
    trialMonth: String(end.month),
    trialDay: String(end.day),
    preferredLang: lang,
    phoneNumber: '',
    website: '',
    ...EMPTY_ADDRESS,
    sameAddress: true,
    billingAddress: '',
    billingCity: '',
    billingZipcode: '',
    billingState: '',
    billingCountry: 'CA',
    acceptCommunications: false,
  };
}

/** The trial end's parts of an ISO instant, by its UTC day (the API stores a chosen day as its midnight UTC). */
export function trialEndParts(iso: string | null): { trialYear: string; trialMonth: string; trialDay: string } {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(new Date(iso).toISOString()) : null;
  if (!match) return { trialYear: '', trialMonth: '', trialDay: '' };
  return { trialYear: match[1]!, trialMonth: String(+match[2]!), trialDay: String(+match[3]!) };
}

/** The form's values for an existing user, as the API answered it. */
export function userToValues(user: User): AdminUserFormValues {
  const address = {
    address: user.address ?? '',
    city: user.city ?? '',
    zipcode: user.zipcode ?? '',
    state: user.state ?? '',
    country: user.country ?? '',
  };
  const billing = {
    address: user.billingAddress ?? '',
    city: user.billingCity ?? '',
    zipcode: user.billingZipcode ?? '',
    state: user.billingState ?? '',
    country: user.billingCountry ?? '',
  };
  // "Same as the address" when the billing block repeats it (both empty included).
  const sameAddress = (Object.keys(address) as Array<keyof typeof address>).every(
    (part) => address[part] === billing[part],
  );
  return {
    name: user.name ?? '',
    email: user.email,
    type: user.type,
    planType: user.planType ?? 'none',
    ...trialEndParts(user.trialEndedAt),
    preferredLang: user.preferredLang,
    phoneNumber: user.phoneNumber ?? '',
    website: user.website ?? '',
    ...address,
    sameAddress,
    billingAddress: billing.address,
    billingCity: billing.city,
    billingZipcode: billing.zipcode,
    billingState: billing.state,
    billingCountry: billing.country,
    acceptCommunications: user.acceptCommunications,
  };
}
