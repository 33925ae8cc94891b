/** Every route of the API, for the checks that the API serves exactly these and nothing else. */
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { billingRoutes } from './billing';
import { eventRoutes } from './events';
import { feedsRoutes } from './feeds';
import { globalsRoutes } from './globals';
import { importRoutes, ownImportRoutes } from './import';
import { meRoutes } from './me';
import type { RouteEntry } from './route';

/** The route groups, by name. */
export const ROUTE_GROUPS = {
  admin: adminRoutes,
  auth: authRoutes,
  billing: billingRoutes,
  events: eventRoutes,
  feeds: feedsRoutes,
  globals: globalsRoutes,
  import: importRoutes,
  ownImport: ownImportRoutes,
  me: meRoutes,
} as const;

/** Every entry, named `group.name`. */
export const ROUTE_TABLE: ReadonlyArray<{ name: string; entry: RouteEntry }> = Object.entries(ROUTE_GROUPS).flatMap(
  ([group, entries]) =>
    Object.entries(entries as Record<string, RouteEntry>).map(([name, entry]) => ({ name: `${group}.${name}`, entry })),
);
