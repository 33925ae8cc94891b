/** The user entity (spec section 3), profile payloads and profile completeness (spec section 5). */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN_EXCLUSIVE } from './constants';
import { langSchema, planTypeSchema, provinceSchema, userTypeSchema } from './enums';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  /** An organisation's public page is /organisations/{handle} (issue 26); absent for viewers. */
  handle: z.string().optional(),
  email: z.string().meta({ format: 'email' }),
  unverifiedEmail: z.string().meta({ format: 'email' }).nullable(),
  preferredLang: langSchema,
  type: userTypeSchema,
  isAdmin: z.boolean(),
  phoneNumber: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingZipcode: z.string().nullable(),
  billingState: z.string().nullable(),
  billingCountry: z.string().nullable(),
  planType: planTypeSchema.nullable(),
  /** ISO 8601 instant. */
  trialEndedAt: z.string().nullable(),
  acceptTerms: z.boolean(),
  acceptCommunications: z.boolean(),
  imagePath: z.string().nullable(),
  imageUrl: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** ISO instant the account was created. */
  createdAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export const authResponseSchema = z.object({ jwt: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Trimmed and lower-cased; "email cannot be empty" style messages come from the catalogue. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'fieldRequired' })
  .max(254, { error: 'emailInvalid' })
  .pipe(z.email({ error: 'emailInvalid' }))
  .meta({ format: 'email' });

/** Longer than 6 characters, at most 128. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_EXCLUSIVE + 1, { error: 'passwordTooShort' })
  .max(PASSWORD_MAX, { error: 'passwordTooLong' });

/** Optional trimmed text of at most `max` characters; empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** North American number: formatting stripped, 10 digits kept (a leading 1 is dropped). */
export const phoneSchema = z
  .string()
  .transform((v) => v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
  .refine((v) => v === '' || /^\d{10}$/.test(v), { error: 'fieldInvalid' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** Canadian postal code, normalised to "A1A 1A1". */
export const postalCodeSchema = z
  .string()
  .transform((v) => v.trim().toUpperCase().replace(/\s+/g, ''))
  .refine((v) => v === '' || /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/.test(v), {
    error: 'fieldInvalid',
  })
  .transform((v) => (v === '' ? null : `${v.slice(0, 3)} ${v.slice(3)}`))
  .nullable()
  .optional();

export const websiteSchema = z
  .string()
  .trim()
  .max(500)
  .transform((v) => (v === '' ? '' : /^https?:\/\//i.test(v) ? v : `https://${v}`))
  .refine((v) => v === '' || /^https?:\/\/[^\s/?#.]+\.[^\s]+$/i.test(v), { error: 'fieldInvalid' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const provinceOrEmpty = z
  .union([provinceSchema, z.literal('')])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
const countryOrEmpty = z
  .union([z.literal('CA'), z.literal('')])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** Profile fields a user edits in settings and the account form. */
export const profileFieldsSchema = z.object({
  name: optionalText(200),
  phoneNumber: phoneSchema,
  website: websiteSchema,
  address: optionalText(300),
  city: optionalText(120),
  zipcode: postalCodeSchema,
  state: provinceOrEmpty,
  country: countryOrEmpty,
  billingAddress: optionalText(300),
  billingCity: optionalText(120),
  billingZipcode: postalCodeSchema,
  billingState: provinceOrEmpty,
  billingCountry: countryOrEmpty,
  preferredLang: langSchema.optional(),
  acceptCommunications: z.boolean().optional(),
});

/** PUT /connected/me: profile fields, or imagePath, or type (viewer -> event-manager only). */
export const updateMeSchema = profileFieldsSchema.extend({
  email: emailSchema.optional(),
  imagePath: z.string().max(300).nullable().optional(),
  type: userTypeSchema.optional(),
});
export type UpdateMeBody = z.input<typeof updateMeSchema>;

export const changeMyPasswordSchema = z.object({
  currentPassword: z.string().min(1, { error: 'fieldRequired' }),
  newPassword: passwordSchema,
  confirmNewPassword: z.string().min(1, { error: 'fieldRequired' }),
});

export { missingProfileFields } from './profile-completeness';
