/** Direct API calls for arranging a journey (accounts, tokens); the journeys themselves use the UI. */
import type { Event } from '@evmap/contract/events';
import type { AuthResponse, User } from '@evmap/contract/users';
import { codeIn, waitForMail } from './mail';
import type { TestServer } from './server';

/** An API call (`path` under /api/v1) with a JSON body and the bearer `jwt` when given; throws on a refusal. */
export async function apiCall<T>(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  jwt?: string,
): Promise<T> {
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
  return apiCall(server, 'PUT', '/public/auth/signup', {
    name: account.name ?? 'Test Account',
    password: PASSWORD,
    acceptTerms: true,
    ...account,
  });
}

/** Signs in through the API. */
export function loginByApi(server: TestServer, email: string, password = PASSWORD): Promise<AuthResponse> {
  return apiCall(server, 'POST', '/public/auth/login', { email, password });
}

/** Verifies the pending address of a new event-manager with the code from its mail. */
export async function verifyByApi(server: TestServer, session: AuthResponse): Promise<User> {
  const code = Number(codeIn(await waitForMail(server.dataDir, session.user.email)));
  const { user } = await apiCall<{ user: User }>(
    server,
    'POST',
    '/connected/auth/verify-email',
    { email: session.user.email, code },
    session.jwt,
  );
  return user;
}

/** A verified organisation (an event-manager on its trial), ready to publish. */
export async function verifiedOrganisation(server: TestServer, name: string): Promise<AuthResponse> {
  const session = await signupByApi(server, { type: 'event-manager', email: uniqueEmail('org'), name });
  await verifyByApi(server, session);
  return session;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of today + `days` on this machine's calendar (the app's default dates use it too). */
export function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The events of today in a box around Montréal (the demo data has some), as the map searches them. */
export async function montrealEventsToday(server: TestServer): Promise<Event[]> {
  const { events } = await apiCall<{ events: Event[] }>(server, 'POST', '/public/events/search', {
    mapBounds: { northLat: 46, eastLng: -73, southLat: 45, westLng: -74 },
    selectedDay: dayFromToday(0),
  });
  return events;
}

/** The token of an account signed in with its password (a demo account, the configured administrator). */
export async function jwtOf(server: TestServer, email: string, password: string): Promise<string> {
  return (await loginByApi(server, email, password)).jwt;
}
