/**
 * `POST /connected/me/sign-out-everywhere`: the server raises the token version, so every session of the account
 * ends (other browsers and devices, and this one's token), and answers a new token with the user for this device.
 */
import { meRoutes } from '@evmap/contract/routes/me';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { signIn } from '@/lib/session';

/** Ends every session; resolves with the new token of this device and the user. */
export function signOutEverywhere() {
  return callEndpoint(meRoutes.signOutEverywhere);
}

/** As a mutation: the new token replaces the old one at once, so this device stays signed in. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere, onSuccess: signIn });
}
