/** /connected/admin (spec section 7, Admin): administrators only (401 for strangers, 403 for everyone else). */
import { adminDashboardSchema, moderationListSchema, moderationQuerySchema } from '../admin-dashboard';
import {
  adminSetPlanSchema,
  adminUserBodySchema,
  adminUsersListSchema,
  adminUsersQuerySchema,
  userIdParamsSchema,
} from '../admin-users';
import { errorBodySchema } from '../errors';
import { adminEventsListSchema, eventUuidParamsSchema, idParamsSchema } from '../event-actions';
import {
  adminCreateEventBodySchema,
  adminEventsQuerySchema,
  adminUpdateEventBodySchema,
  eventResponseSchema,
  eventStatsResponseSchema,
} from '../events';
import { noContentSchema } from '../responses';
import { userResponseSchema } from '../users';
import { route } from './route';

const tags = ['admin'];

export const adminRoutes = {
  dashboard: route({
    method: 'GET',
    path: '/connected/admin/dashboard',
    tags,
    response: { 200: adminDashboardSchema, 401: errorBodySchema, 403: errorBodySchema },
  }),
  /** The reported events waiting for an administrator, most reported first. */
  moderation: route({
    method: 'GET',
    path: '/connected/admin/moderation',
    tags,
    query: moderationQuerySchema,
    response: { 200: moderationListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
  }),

  users: route({
    method: 'GET',
    path: '/connected/admin/users',
    tags,
    query: adminUsersQuerySchema,
    response: { 200: adminUsersListSchema },
  }),
  user: route({
    method: 'GET',
    path: '/connected/admin/users/id/:id',
    tags,
    params: userIdParamsSchema,
    response: { 200: userResponseSchema },
  }),
  createUser: route({
    method: 'POST',
    path: '/connected/admin/users',
    tags,
    body: adminUserBodySchema,
    response: { 201: userResponseSchema, 409: errorBodySchema },
  }),
  updateUser: route({
    method: 'PUT',
    path: '/connected/admin/users/:id',
    tags,
    params: userIdParamsSchema,
    body: adminUserBodySchema,
    // 403: the email of user 1 or of another administrator.
    response: { 200: userResponseSchema, 403: errorBodySchema, 409: errorBodySchema },
  }),
  setUserPlan: route({
    method: 'PUT',
    path: '/connected/admin/users/:id/plans',
    tags,
    params: userIdParamsSchema,
    body: adminSetPlanSchema,
    response: { 200: userResponseSchema },
  }),
  deleteUser: route({
    method: 'DELETE',
    path: '/connected/admin/users/id/:id',
    tags,
    description:
      'Erases the account as its owner deletion does (personal fields, favourites, images, cards and customer at ' +
      'the payment provider; invoices keep what the law requires). 503: the payment provider could not be reached; ' +
      'nothing was deleted.',
    params: userIdParamsSchema,
    response: { 204: noContentSchema, 503: errorBodySchema },
  }),

  events: route({
    method: 'GET',
    path: '/connected/admin/events',
    tags,
    query: adminEventsQuerySchema,
    response: { 200: adminEventsListSchema },
  }),
  event: route({
    method: 'GET',
    path: '/connected/admin/events/uuid/:uuid',
    tags,
    params: eventUuidParamsSchema,
    response: { 200: eventResponseSchema },
  }),
  createEvent: route({
    method: 'POST',
    path: '/connected/admin/events',
    tags,
    body: adminCreateEventBodySchema,
    response: { 200: eventResponseSchema },
  }),
  updateEvent: route({
    method: 'PUT',
    path: '/connected/admin/events/:id',
    tags,
    params: idParamsSchema,
    body: adminUpdateEventBodySchema,
    response: { 200: eventResponseSchema },
  }),
  deleteEvent: route({
    method: 'DELETE',
    path: '/connected/admin/events/id/:id',
    tags,
    params: idParamsSchema,
    response: { 204: noContentSchema },
  }),
  eventStats: route({
    method: 'GET',
    path: '/connected/admin/events/:id/stats',
    tags,
    params: idParamsSchema,
    response: { 200: eventStatsResponseSchema },
  }),
  /** The reports of an event were reviewed and it stays: it leaves the moderation queue. */
  clearSignals: route({
    method: 'DELETE',
    path: '/connected/admin/events/:id/signals',
    tags,
    params: idParamsSchema,
    response: { 200: eventResponseSchema },
  }),
};
