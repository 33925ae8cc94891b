/** `POST /connected/globals/contact-us`: subject and message, mailed to the contact address (answers 204). */
import type { ContactBody } from '@evmap/contract/forms';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** Sends a message to the team. */
export function contactUs(body: ContactBody): Promise<undefined> {
  return callEndpoint(globalsRoutes.contactUs, { body });
}

/** Sending as a mutation; nothing the app shows changes, so it invalidates nothing. */
export function useContactUs() {
  return useMutation({ mutationFn: contactUs });
}
