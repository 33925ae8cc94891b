/**
 * The account form (spec sections 3 and 5): its screen values (text fields, the province and country
 * codes, and the form-only flag `sameAddress`) and its schema, which copies the address into the billing
 * block when `sameAddress` is checked, then pipes into the contract's `PUT /connected/me` body, so the
 * form shows the API's messages before asking it. Name and email are required (section 5, "Account");
 * the other fields of a complete profile are only marked, so partial data can be saved.
 */
import { type Province, provinceSchema } from '@evmap/contract/enums';
import { postalCodeMismatches } from '@evmap/contract/postal-codes';
import { emailSchema, missingProfileFields, type User, updateMeSchema } from '@evmap/contract/users';
import { z } from 'zod';

/** Each address field with its billing twin. */
export const BILLING_PAIRS = [
  ['address', 'billingAddress'],
  ['city', 'billingCity'],
  ['zipcode', 'billingZipcode'],
  ['state', 'billingState'],
  ['country', 'billingCountry'],
] as const;

const provinceOrEmpty = z.union([provinceSchema, z.literal('')]);
const countryOrEmpty = z.union([z.literal('CA'), z.literal('')]);

const accountValuesSchema = z.object({
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  city: z.string(),
  zipcode: z.string(),
  state: provinceOrEmpty,
  country: countryOrEmpty,
  sameAddress: z.boolean(),
  billingAddress: z.string(),
  billingCity: z.string(),
  billingZipcode: z.string(),
  billingState: provinceOrEmpty,
  billingCountry: countryOrEmpty,
  acceptCommunications: z.boolean(),
});

/** What the form holds. */
export type AccountFormValues = z.input<typeof accountValuesSchema>;

/** The body the form sends: the contract's fields, the name required. */
const accountBodySchema = updateMeSchema
  .pick({
    email: true,
    phoneNumber: true,
    address: true,
    city: true,
    zipcode: true,
    state: true,
    country: true,
    billingAddress: true,
    billingCity: true,
    billingZipcode: true,
    billingState: true,
    billingCountry: true,
    acceptCommunications: true,
  })
  .extend({ email: emailSchema, name: z.string().trim().min(1, { error: 'fieldRequired' }).max(200) });

/** The values without the form-only flag, the billing block copied from the address when it is checked. */
export function withBillingCopied({ sameAddress, ...values }: AccountFormValues) {
  if (!sameAddress) return values;
  return {
    ...values,
    billingAddress: values.address,
    billingCity: values.city,
    billingZipcode: values.zipcode,
    billingState: values.state,
    billingCountry: values.country,
  };
}

// The screen's strings are what the contract's body takes (it also takes null and undefined, which the
// form never holds), so its schema reads the copied values as they are.
const accountBody = accountBodySchema as unknown as z.ZodType<
  z.output<typeof accountBodySchema>,
  ReturnType<typeof withBillingCopied>
>;

/**
 * The form schema: the billing copy, then the contract's body, then the contract's postal code rule (a province
 * must be one the postal code's first letter allows), said once on the address when the billing block copies it.
 */
export const accountFormSchema = accountValuesSchema
  .transform(withBillingCopied)
  .pipe(accountBody)
  .superRefine((values, ctx) => {
    const copied = values.billingZipcode === values.zipcode && values.billingState === values.state;
    for (const field of postalCodeMismatches(values)) {
      if (field === 'billingState' && copied) continue;
      ctx.addIssue({ code: 'custom', path: [field], message: 'postalCodeProvince' });
    }
  });

/** True when the billing block says nothing of its own: empty, or the same as the address. */
export function billingSameAsAddress(user: Pick<User, (typeof BILLING_PAIRS)[number][number]>): boolean {
  const empty = BILLING_PAIRS.every(([, billing]) => !user[billing]);
  const same = BILLING_PAIRS.every(([field, billing]) => (user[field] ?? '') === (user[billing] ?? ''));
  return empty || same;
}

const province = (value: string | null): Province | '' =>
  value && (provinceSchema.options as readonly string[]).includes(value) ? (value as Province) : '';
// Canada is the only country: an account without one is shown (and saved) as Canada.
const country = (value: string | null): 'CA' | '' => (value === null || value === 'CA' ? 'CA' : '');

/** The form's values for a user as the API answered it. */
export function userToAccountValues(user: User): AccountFormValues {
  return {
    name: user.name ?? '',
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    zipcode: user.zipcode ?? '',
    state: province(user.state),
    country: country(user.country),
    sameAddress: billingSameAsAddress(user),
    billingAddress: user.billingAddress ?? '',
    billingCity: user.billingCity ?? '',
    billingZipcode: user.billingZipcode ?? '',
    billingState: province(user.billingState),
    billingCountry: country(user.billingCountry),
    acceptCommunications: user.acceptCommunications,
  };
}

/** The fields a complete profile needs for this kind of user (spec section 5), as form field names. */
export function requiredAccountFields(type: User['type']): ReadonlySet<string> {
  // A profile with nothing filled misses every required field: the contract's one list, read back.
  return new Set(missingProfileFields({ type }) as string[]);
}

/**
 * The form field where a server error of `key` is shown: while the billing block is hidden (a copy of
 * the address), its errors go on the address fields they came from.
 */
export function accountServerField(key: string, sameAddress: boolean): string {
  if (!sameAddress) return key;
  const pair = BILLING_PAIRS.find(([, billing]) => billing === key);
  return pair ? pair[0] : key;
}
