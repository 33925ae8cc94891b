/** Public authentication and the signed-in verification calls (spec section 7). */
import {
  changePasswordByTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  verifyEmailSchema,
} from '@evmap/contract/auth';
import { authResponseSchema, userResponseSchema } from '@evmap/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { presentUser } from '../users/user.presenter';
import { changePasswordByToken, forgotPassword, login, signup } from './auth.service';
import { cancelUnverifiedEmail, resendCode, verifyEmail } from './verification.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const present = (user: Parameters<typeof presentUser>[0]) => presentUser(user, app.storage);
  const withJwt = ({ jwt, user }: { jwt: string; user: Parameters<typeof presentUser>[0] }) => ({
    jwt,
    user: present(user),
  });

  app.post(
    '/public/auth/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: authResponseSchema } } },
    async (request) => withJwt(await login(app, request.body.email, request.body.password, request.ip)),
  );

  app.put(
    '/public/auth/signup',
    { schema: { tags: ['auth'], body: signupSchema, response: { 200: authResponseSchema } } },
    async (request) => withJwt(await signup(app, request.body, request.lang, request.ip)),
  );

  app.post(
    '/public/auth/forgot-pwd',
    { schema: { tags: ['auth'], body: forgotPasswordSchema } },
    async (request, reply) => {
      await forgotPassword(app, request.body.email, request.ip);
      return reply.status(204).send();
    },
  );

  app.put(
    '/public/auth/change-pwd',
    { schema: { tags: ['auth'], body: changePasswordByTokenSchema, response: { 200: authResponseSchema } } },
    async (request) => withJwt(await changePasswordByToken(app, request.body.token, request.body.password, request.ip)),
  );

  app.post(
    '/connected/auth/resend-code',
    { onRequest: app.requireUser, schema: { tags: ['auth'] } },
    async (request, reply) => {
      await resendCode(app, userOf(request));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/connected/auth/unverified-email',
    { onRequest: app.requireUser, schema: { tags: ['auth'], response: { 200: userResponseSchema } } },
    async (request) => ({ user: present(await cancelUnverifiedEmail(app, userOf(request))) }),
  );

  app.post(
    '/connected/auth/verify-email',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], body: verifyEmailSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      await app.rateLimiter.consume({ key: `verify-ip:${request.ip}`, limit: 30, windowMs: 15 * 60_000 });
      return { user: present(await verifyEmail(app, userOf(request), request.body.email, request.body.code)) };
    },
  );
};
