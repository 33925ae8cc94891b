/** Direct API calls for arranging a journey (accounts, tokens); the journeys themselves use the UI. */
import type { AuthResponse, User } from '@evmap/contract/users';
import { codeIn, waitForMail } from './mail';
import type { TestServer } from './server';

async function call<T>(server: TestServer, method: string, path: string, body?: unknown, jwt?: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

let counter = 0;
/** A unique address for this run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.ca`;
}

export const PASSWORD = 'a-long-password';

/** Creates an account through the API. */
export function signupByApi(
  server: TestServer,
  account: { type: 'viewer' | 'event-manager'; email: string; name?: string },
): Promise<AuthResponse> {
  return call(server, 'PUT', '/public/auth/signup', {
    name: account.name ?? 'Test Account',
    password: PASSWORD,
    acceptTerms: true,
    ...account,
  });
}

/** Signs in through the API. */
export function loginByApi(server: TestServer, email: string, password = PASSWORD): Promise<AuthResponse> {
  return call(server, 'POST', '/public/auth/login', { email, password });
}

/** Verifies the pending address of a new event-manager with the code from its mail. */
export async function verifyByApi(server: TestServer, session: AuthResponse): Promise<User> {
  const code = Number(codeIn(await waitForMail(server.dataDir, session.user.email)));
  const { user } = await call<{ user: User }>(
    server,
    'POST',
    '/connected/auth/verify-email',
    { email: session.user.email, code },
    session.jwt,
  );
  return user;
}
