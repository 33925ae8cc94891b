import { fileURLToPath } from 'node:url';

/** The repository root and the two builds the journeys run against. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_BUNDLE = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
export const WEB_INDEX = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));
