/** Direct API calls for arranging a journey (accounts, tokens); the journeys themselves use the UI. */
import type { Event } from '@evmap/contract/events';
import { authRoutes } from '@evmap/contract/routes/auth';
import { eventRoutes } from '@evmap/contract/routes/events';
import {
  API_PREFIX,
  type PathParams,
  pathOf,
  type RouteBody,
  type RouteEntry,
  type RouteResponse,
} from '@evmap/contract/routes/route';
import type { AuthResponse, User } from '@evmap/contract/users';
import { codeIn, waitForMail } from './mail';
import type { TestServer } from './server';

/** An API call (`path` under API_PREFIX) with a JSON body and the bearer `jwt` when given; throws on a refusal. */
export async function apiCall<T>(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  jwt?: string,
): Promise<T> {
  const response = await fetch(`${server.url}${API_PREFIX}${path}`, {
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

/** A call of a route of the contract's table, typed by it; throws on a refusal. */
export function callRoute<E extends RouteEntry>(
  server: TestServer,
  entry: E,
  options: { params?: PathParams<E['path']>; body?: RouteBody<E>; jwt?: string } = {},
): Promise<RouteResponse<E>> {
  return apiCall(server, entry.method, pathOf(entry, options.params), options.body, options.jwt);
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
  return callRoute(server, authRoutes.signup, {
    body: { name: account.name ?? 'Test Account', password: PASSWORD, acceptTerms: true, ...account },
  });
}

/** Signs in through the API. */
export function loginByApi(server: TestServer, email: string, password = PASSWORD): Promise<AuthResponse> {
  return callRoute(server, authRoutes.login, { body: { email, password } });
}

/** Verifies the pending address of a new event-manager with the code from its mail. */
export async function verifyByApi(server: TestServer, session: AuthResponse): Promise<User> {
  const code = Number(codeIn(await waitForMail(server.dataDir, session.user.email)));
  const body = { email: session.user.email, code };
  return (await callRoute(server, authRoutes.verifyEmail, { body, jwt: session.jwt })).user;
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

/** The events of today (or of today + `days`) in a box around Montréal (the demo data has some), as the map searches them. */
export async function montrealEventsToday(server: TestServer, days = 0): Promise<Event[]> {
  const { events } = await callRoute(server, eventRoutes.search, {
    body: { mapBounds: { northLat: 46, eastLng: -73, southLat: 45, westLng: -74 }, selectedDay: dayFromToday(days) },
  });
  return events;
}

/**
 * The events not over yet, or all of them when every one is (late in the day, today's demo events may all be over:
 * their modal opens the same, and says so).
 */
export function upcomingElseAll(events: Event[]): Event[] {
  const upcoming = events.filter((event) => !event.isPast);
  return upcoming.length > 0 ? upcoming : events;
}

/**
 * `count` active Montréal events not over yet, from today's and then the next days' (late in the day, today's demo
 * events may all be over): for the screens that need some events whatever their day.
 */
export async function upcomingMontrealEvents(server: TestServer, count: number): Promise<Event[]> {
  const found = new Map<string, Event>();
  for (let days = 0; days < 7 && found.size < count; days++) {
    for (const event of await montrealEventsToday(server, days)) {
      if (event.active && !event.isPast && found.size < count) found.set(event.uuid, event);
    }
  }
  if (found.size < count) throw new Error(`fewer than ${count} upcoming demo events in Montréal this week`);
  return [...found.values()];
}

/** The token of an account signed in with its password (a demo account, the configured administrator). */
export async function jwtOf(server: TestServer, email: string, password: string): Promise<string> {
  return (await loginByApi(server, email, password)).jwt;
}
