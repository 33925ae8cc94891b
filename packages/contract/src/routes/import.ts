/**
 * /connected/admin/sources (issue 25): administrators only (401 for strangers, 403 for everyone else).
 * Sources of events (open datasets, calendars), "run now", and their latest runs.
 */
import { errorBodySchema } from '../errors';
import {
  importLinkSplitResponseSchema,
  importLinksResponseSchema,
  importRunResponseSchema,
  importRunsResponseSchema,
  importSourceBodySchema,
  importSourceIdParamsSchema,
  importSourceResponseSchema,
  importSourcesResponseSchema,
  ownImportSourceBodySchema,
} from '../import';
import { noContentSchema } from '../responses';
import { route } from './route';

const tags = ['admin', 'import'];
const guarded = { 401: errorBodySchema, 403: errorBodySchema } as const;

export const importRoutes = {
  sources: route({
    method: 'GET',
    path: '/connected/admin/sources',
    tags,
    summary: 'The import sources, each with its last run',
    response: { 200: importSourcesResponseSchema, ...guarded },
  }),
  source: route({
    method: 'GET',
    path: '/connected/admin/sources/:id',
    tags,
    params: importSourceIdParamsSchema,
    response: { 200: importSourceResponseSchema, 400: errorBodySchema, ...guarded, 404: errorBodySchema },
  }),
  createSource: route({
    method: 'POST',
    path: '/connected/admin/sources',
    tags,
    description: 'Its first run is due at once (the scheduler, or "run now").',
    body: importSourceBodySchema,
    response: { 201: importSourceResponseSchema, 400: errorBodySchema, ...guarded },
  }),
  updateSource: route({
    method: 'PUT',
    path: '/connected/admin/sources/:id',
    tags,
    description: 'The whole source again. Pausing takes its events off the map; resuming makes its next run due.',
    params: importSourceIdParamsSchema,
    body: importSourceBodySchema,
    response: { 200: importSourceResponseSchema, 400: errorBodySchema, ...guarded, 404: errorBodySchema },
  }),
  deleteSource: route({
    method: 'DELETE',
    path: '/connected/admin/sources/:id',
    tags,
    description: 'The source stops; its events leave the map (deactivated, never deleted); its runs are kept.',
    params: importSourceIdParamsSchema,
    response: { 204: noContentSchema, 400: errorBodySchema, ...guarded, 404: errorBodySchema },
  }),
  runSource: route({
    method: 'POST',
    path: '/connected/admin/sources/:id/runs',
    tags,
    summary: 'Run now',
    description:
      'Runs the source now (paused or not) and answers the finished run, its error included; 409 while another ' +
      'run of the source is in progress.',
    params: importSourceIdParamsSchema,
    response: {
      200: importRunResponseSchema,
      400: errorBodySchema,
      ...guarded,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  }),
  runs: route({
    method: 'GET',
    path: '/connected/admin/sources/:id/runs',
    tags,
    summary: 'The latest runs of a source, latest first',
    params: importSourceIdParamsSchema,
    response: { 200: importRunsResponseSchema, 400: errorBodySchema, ...guarded, 404: errorBodySchema },
  }),
  links: route({
    method: 'GET',
    path: '/connected/admin/source-links',
    tags,
    summary: 'Possible duplicates: records linked to an existing event instead of being imported',
    description:
      'Newest first; the links of deleted sources and to deleted events are left out. `splittable` is false for ' +
      'a link made before its record was kept (its source must run again first).',
    response: { 200: importLinksResponseSchema, ...guarded },
  }),
  splitLink: route({
    method: 'POST',
    path: '/connected/admin/source-links/:id/split',
    tags,
    summary: 'Split a link: the record becomes its own event',
    description:
      'Creates the record as an event of its source (published if the source publishes at once and is active), ' +
      'removes the link, and keys the new event by (source, external id): later runs update it and never link ' +
      'that record again. 404 for an unknown link; 409 when the link has no record kept yet; 400 when the ' +
      'record no longer passes the event rules (its dates are over, say).',
    params: importSourceIdParamsSchema,
    response: {
      201: importLinkSplitResponseSchema,
      400: errorBodySchema,
      ...guarded,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  }),
};

const ownTags = ['import'];
const own = { 401: errorBodySchema, 403: errorBodySchema } as const;

/**
 * /connected/sources: an organisation (event-manager on the trial or complete plan, else 403) connects its
 * own iCalendar URLs; its events are kept in step with them. Someone else's source answers 403.
 */
export const ownImportRoutes = {
  sources: route({
    method: 'GET',
    path: '/connected/sources',
    tags: ownTags,
    response: { 200: importSourcesResponseSchema, ...own },
  }),
  createSource: route({
    method: 'POST',
    path: '/connected/sources',
    tags: ownTags,
    body: ownImportSourceBodySchema,
    response: { 201: importSourceResponseSchema, 400: errorBodySchema, ...own },
  }),
  updateSource: route({
    method: 'PUT',
    path: '/connected/sources/:id',
    tags: ownTags,
    params: importSourceIdParamsSchema,
    body: ownImportSourceBodySchema,
    response: { 200: importSourceResponseSchema, 400: errorBodySchema, ...own, 404: errorBodySchema },
  }),
  deleteSource: route({
    method: 'DELETE',
    path: '/connected/sources/:id',
    tags: ownTags,
    params: importSourceIdParamsSchema,
    response: { 204: noContentSchema, 400: errorBodySchema, ...own, 404: errorBodySchema },
  }),
  runSource: route({
    method: 'POST',
    path: '/connected/sources/:id/runs',
    tags: ownTags,
    params: importSourceIdParamsSchema,
    response: {
      200: importRunResponseSchema,
      400: errorBodySchema,
      ...own,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  }),
  runs: route({
    method: 'GET',
    path: '/connected/sources/:id/runs',
    tags: ownTags,
    params: importSourceIdParamsSchema,
    response: { 200: importRunsResponseSchema, 400: errorBodySchema, ...own, 404: errorBodySchema },
  }),
};
