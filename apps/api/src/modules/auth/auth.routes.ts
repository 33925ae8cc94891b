/** Public authentication and the signed-in verification calls (spec section 7). */
import { authRoutes as routes } from '@evmap/contract/routes/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
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

  app.route({
    ...routeOf(routes.login),
    handler: async (request) => withJwt(await login(app, request.body.email, request.body.password, client(request))),
  });

  app.route({
    ...routeOf(routes.signup),
    handler: async (request) => withJwt(await signup(app, request.body, request.lang, request.ip)),
  });

  app.route({
    ...routeOf(routes.forgotPassword),
    handler: async (request, reply) => {
      await forgotPassword(app, request.body.email, request.ip);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(routes.changePassword),
    handler: async (request) =>
      withJwt(await changePasswordByToken(app, request.body.token, request.body.password, client(request))),
  });

  app.route({
    ...routeOf(routes.resendCode),
    onRequest: app.requireUser,
    handler: async (request, reply) => {
      await resendCode(app, userOf(request));
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(routes.cancelUnverifiedEmail),
    onRequest: app.requireUser,
    handler: async (request) => ({ user: present(await cancelUnverifiedEmail(app, userOf(request))) }),
  });

  app.route({
    ...routeOf(routes.verifyEmail),
    onRequest: app.requireUser,
    handler: async (request) => {
      await app.rateLimiter.consume({ key: `verify-ip:${request.ip}`, limit: 30, windowMs: 15 * 60_000 });
      return { user: present(await verifyEmail(app, userOf(request), request.body.email, request.body.code)) };
    },
  });
};
