/** Small forms of spec sections 3, 5 and 7: image upload, contact form, newsletter sign-up. */
import { z } from 'zod';
import type { ErrorKey } from './errors';

/**
 * `missing` when the value is absent; otherwise `other`, or (undefined) the catalogue's usual message.
 * A schema's own error also covers its checks (max...), hence the fall-through.
 */
const whenMissing =
  (missing: ErrorKey, other?: ErrorKey) =>
  (issue: { input?: unknown }): ErrorKey | undefined =>
    issue.input === undefined || issue.input === null ? missing : other;

/** Where an uploaded image goes: event pictures or user avatars. */
export const UPLOAD_FOLDERS = ['events', 'users'] as const;
export const uploadFolderSchema = z.enum(UPLOAD_FOLDERS);
export type UploadFolder = z.infer<typeof uploadFolderSchema>;

/**
 * POST /connected/globals/upload, a multipart form: `file` (the image bytes; jpeg or png, checked from the
 * content by the server) and `folder`.
 */
export const uploadBodySchema = z.object({
  folder: uploadFolderSchema,
  file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
    error: whenMissing('fieldRequired', 'imageType'),
  }),
});

/** The stored image: `url` of its largest width, and `path` to attach it (imagePath of a user or an event). */
export const uploadResponseSchema = z.object({ url: z.string(), path: z.string() });
export type UploadResult = z.infer<typeof uploadResponseSchema>;

export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

const contactText = (max: number) =>
  z
    .string({ error: whenMissing('subjectMessageRequired') })
    .trim()
    .min(1, { error: 'subjectMessageRequired' })
    .max(max);

/** POST /connected/globals/contact-us */
export const contactSchema = z.object({
  subject: contactText(CONTACT_SUBJECT_MAX),
  message: contactText(CONTACT_MESSAGE_MAX),
});
export type ContactBody = z.input<typeof contactSchema>;

/** POST /public/globals/subscribe: trimmed and lower-cased; empty means "email cannot be empty". */
export const subscribeSchema = z.object({
  email: z
    .string({ error: whenMissing('emailEmpty') })
    .trim()
    .toLowerCase()
    .min(1, { error: 'emailEmpty' })
    .max(254, { error: 'emailInvalid' })
    .pipe(z.email({ error: 'emailInvalid' }))
    .meta({ format: 'email' }),
});
export type SubscribeBody = z.input<typeof subscribeSchema>;
