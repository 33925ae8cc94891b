/**
 * The authentication dialogs are driven by the URL hash on any page (spec section 2):
 * `#/auth/login`, `#/auth/signup`, `#/auth/forgot-pwd`, `#/auth/change-pwd?token=…`, `#/auth/verify-email`.
 * This module reads and writes those hashes; the dialog itself lives in features/auth.
 */

export const AUTH_MODES = ['login', 'signup', 'forgot-pwd', 'change-pwd', 'verify-email'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/**
 * Where the verify-email dialog was opened from: `click` (user settings) is the only closable case; `upgrade` is a
 * viewer's switch to event-manager, which the code finishes.
 */
export type ComingFrom = 'click' | 'signup' | 'login' | 'guard' | 'upgrade';
const COMING_FROM: readonly ComingFrom[] = ['click', 'signup', 'login', 'guard', 'upgrade'];

/** History state carried by the auth dialogs (`redirect_to`: where to go once signed in or verified). */
export type AuthDialogState = {
  email?: string;
  redirect_to?: string;
  coming_from?: ComingFrom;
};

export type ParsedAuthHash = { mode: AuthMode; token: string | null };

const HASH_PATTERN = /^#\/auth\/([a-z-]+)\/?(?:\?(.*))?$/;

/**
 * The dialog a location asks for, or null. The change-password token is read from the query of the
 * hash (`#/auth/change-pwd?token=…`, as mailed) or else from the search part (`?token=…#/auth/change-pwd`).
 */
export function parseAuthHash(hash: string, search = ''): ParsedAuthHash | null {
  const match = HASH_PATTERN.exec(hash);
  if (!match) return null;
  const mode = AUTH_MODES.find((candidate) => candidate === match[1]);
  if (!mode) return null;
  const token = new URLSearchParams(match[2] ?? '').get('token') ?? new URLSearchParams(search).get('token');
  return { mode, token: token?.trim() ? token.trim() : null };
}

/** The hash that opens `mode`. */
export function authHash(mode: AuthMode): string {
  return `#/auth/${mode}`;
}

/** `search` without the change-password token, so closing the dialog leaves no secret in the address bar. */
export function searchWithoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Reads the auth dialog state from a history state of unknown shape. */
export function readAuthState(state: unknown): AuthDialogState {
  if (state === null || typeof state !== 'object') return {};
  const { email, redirect_to, coming_from } = state as Record<string, unknown>;
  const from = COMING_FROM.includes(coming_from as ComingFrom) ? (coming_from as ComingFrom) : undefined;
  return {
    email: typeof email === 'string' ? email : undefined,
    // Only paths of this app: never an absolute or protocol-relative URL (no open redirect).
    redirect_to: typeof redirect_to === 'string' && /^\/(?!\/)/.test(redirect_to) ? redirect_to : undefined,
    coming_from: from,
  };
}
