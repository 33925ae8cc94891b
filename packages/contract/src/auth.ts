/** Authentication payloads: sign-up, sign-in, passwords, email verification (spec sections 5 and 7). */
import { z } from 'zod';
import { langSchema, userTypeSchema } from './enums';
import { emailSchema, passwordSchema } from './users';

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'fieldRequired' }).max(1024),
});

export const signupSchema = z
  .object({
    type: userTypeSchema,
    name: z.string().trim().max(200).optional().nullable(),
    email: emailSchema,
    password: passwordSchema,
    acceptTerms: z.literal(true, { error: 'termsRequired' }),
    acceptCommunications: z.boolean().optional().default(false),
    preferredLang: langSchema.optional(),
  })
  // `when`: the name is reported with the other fields' errors, not only once they are valid; so `name` may be
  // anything here (the client's raw value), not only a string.
  .refine((body) => body.type !== 'event-manager' || (typeof body.name === 'string' && body.name.trim() !== ''), {
    path: ['name'],
    error: 'fieldRequired',
    when: ({ value }) => (value as { type?: unknown } | undefined)?.type === 'event-manager',
  });
export type SignupBody = z.input<typeof signupSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const changePasswordByTokenSchema = z.object({
  token: z.string({ error: 'tokenEmpty' }).trim().min(1, { error: 'tokenEmpty' }).max(200, { error: 'tokenInvalid' }),
  password: passwordSchema,
});

export const verifyEmailSchema = z.object({
  email: emailSchema,
  code: z
    .number({ error: 'codeInvalid' })
    .int({ error: 'codeInvalid' })
    .min(0, { error: 'codeInvalid' })
    .max(999_999, { error: 'codeInvalid' }),
});
