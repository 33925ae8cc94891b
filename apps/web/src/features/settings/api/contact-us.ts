/** `POST /connected/globals/contact-us`: subject and message, mailed to the contact address (answers 204). */
import type { ContactBody, contactSchema } from '@evmap/contract/forms';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';

export const contactUsEndpoint = endpoint<{ body: typeof contactSchema }>()('POST', '/connected/globals/contact-us');

/** Sends a message to the team. */
export function contactUs(body: ContactBody): Promise<undefined> {
  return callEndpoint(contactUsEndpoint, { body });
}

/** Sending as a mutation; nothing the app shows changes, so it invalidates nothing. */
export function useContactUs() {
  return useMutation({ mutationFn: contactUs });
}
