/** /connected/me: the signed-in user's account (spec section 7). */
import { z } from 'zod';
import { errorBodySchema } from '../errors';
import { noContentSchema } from '../responses';
import { authResponseSchema, changeMyPasswordSchema, updateMeSchema, userResponseSchema, userSchema } from '../users';
import { route } from './route';

const tags = ['me'];

export const meRoutes = {
  get: route({ method: 'GET', path: '/connected/me', tags, response: { 200: userResponseSchema } }),
  update: route({
    method: 'PUT',
    path: '/connected/me',
    tags,
    body: updateMeSchema,
    // 429: the code mailed for a new address or an upgrade to event-manager (per account, per address).
    response: { 200: userResponseSchema, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
  }),
  delete: route({
    method: 'DELETE',
    path: '/connected/me',
    tags,
    description:
      'Deletes the account for good. Erased: name, email (free to sign up again), password, phone, website, ' +
      'addresses, avatar, favourites, contact messages, the newsletter subscription, the events (deleted, images ' +
      'included) and the uploaded images; the subscription ends and the cards and customer are removed at the ' +
      'payment provider. Kept: the invoices (number, lines, amounts, taxes, business name and billing address). ' +
      '403: an administrator; 503: the payment provider could not be reached, nothing was deleted.',
    response: { 204: noContentSchema, 403: errorBodySchema, 503: errorBodySchema },
  }),
  changePassword: route({
    method: 'PUT',
    path: '/connected/me/password',
    tags,
    body: changeMyPasswordSchema,
    response: { 200: z.object({ user: userSchema, jwt: z.string() }), 429: errorBodySchema },
  }),
  signOutEverywhere: route({
    method: 'POST',
    path: '/connected/me/sign-out-everywhere',
    tags,
    description:
      'Signs the account out everywhere: every token issued before stops working (other browsers and devices, ' +
      'and the one sent with this request). The answer carries a new token, so the device that asked stays ' +
      'signed in. 429: more than 10 times in 15 minutes.',
    response: { 200: authResponseSchema, 429: errorBodySchema },
  }),
};
