/** Public authentication and the signed-in verification calls (spec section 7). */
import {
  changePasswordByTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  verifyEmailSchema,
} from '@evmap/contract/auth';
import { errorBodySchema } from '@evmap/contract/errors';
import { noContentSchema } from '@evmap/contract/responses';
import { authResponseSchema, userResponseSchema } from '@evmap/contract/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { presentUser } from '../users/user.presenter';
import { changePasswordByToken, forgotPassword, type LoginClient, login, signup } from './auth.service';
import { cancelUnverifiedEmail, resendCode, verifyEmail } from './verification.service';

/** The address and the X-Session-Id of a request: sign-in limits count them (see LOGIN_LIMITS). */
const client = (request: FastifyRequest): LoginClient => ({
  ip: request.ip,
  sessionId: request.headers['x-session-id'],
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const present = (user: Parameters<typeof presentUser>[0]) => presentUser(user, app.storage);
  const withJwt = ({ jwt, user }: { jwt: string; user: Parameters<typeof presentUser>[0] }) => ({
    jwt,
    user: present(user),
  });

  app.post(
    '/public/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: authResponseSchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => withJwt(await login(app, request.body.email, request.body.password, client(request))),
  );

  app.put(
    '/public/auth/signup',
    {
      schema: {
        tags: ['auth'],
        body: signupSchema,
        response: { 200: authResponseSchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => withJwt(await signup(app, request.body, request.lang, request.ip)),
  );

  app.post(
    '/public/auth/forgot-pwd',
    {
      schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 204: noContentSchema, 429: errorBodySchema } },
    },
    async (request, reply) => {
      await forgotPassword(app, request.body.email, request.ip);
      return reply.status(204).send();
    },
  );

  app.put(
    '/public/auth/change-pwd',
    {
      schema: {
        tags: ['auth'],
        body: changePasswordByTokenSchema,
        response: { 200: authResponseSchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) =>
      withJwt(await changePasswordByToken(app, request.body.token, request.body.password, client(request))),
  );

  app.post(
    '/connected/auth/resend-code',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], response: { 204: noContentSchema, 429: errorBodySchema } },
    },
    async (request, reply) => {
      await resendCode(app, userOf(request));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/connected/auth/unverified-email',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], response: { 200: userResponseSchema, 403: errorBodySchema } },
    },
    async (request) => ({ user: present(await cancelUnverifiedEmail(app, userOf(request))) }),
  );

  app.post(
    '/connected/auth/verify-email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        body: verifyEmailSchema,
        response: { 200: userResponseSchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await app.rateLimiter.consume({ key: `verify-ip:${request.ip}`, limit: 30, windowMs: 15 * 60_000 });
      return { user: present(await verifyEmail(app, userOf(request), request.body.email, request.body.code)) };
    },
  );
};
