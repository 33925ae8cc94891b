/**
 * Bearer-token authentication: JWT HS256 with the algorithm pinned and expiry checked. The token
 * names the user and their token version; a deleted or unknown user, or an older version (after a
 * password change), is refused with 401. Admin routes answer 403 to signed-in non-admins, and the routes
 * of an organiser's own events and plan answer 403 to an event-manager whose first email is not verified yet.
 * Every answer to a request a valid token signed in says `Cache-Control: private, no-store` (no shared cache keeps
 * a profile or an admin list), unless its route chose `private, no-cache` with a validator (ETag, Last-Modified).
 */
import { isPendingVerification } from '@evmap/contract/account-rules';
import { ADMIN_SESSION_HOURS } from '@evmap/contract/constants';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors';
import { findUserById, type UserRow } from '../modules/users/users.repository';

export type { UserRow };

type TokenPayload = { sub: string; ver: number; iat?: number };

const ADMIN_SESSION_SECONDS = ADMIN_SESSION_HOURS * 3600;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a signed-in user is required (401 otherwise). */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook: a signed-in user who is not waiting for their first email verification (401 / 403
     * "verificationRequired" otherwise): what the web app keeps such a user from (their profile's pages).
     */
    requireVerifiedUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a signed-in administrator is required (401 / 403 otherwise). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A session token for `user`: valid JWT_EXPIRES_IN (30 days), or ADMIN_SESSION_HOURS for an administrator. */
    signToken: (user: Pick<UserRow, 'id' | 'tokenVersion'> & { isAdmin?: boolean }) => string;
  }
  interface FastifyRequest {
    currentUser: UserRow | undefined;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

/** The signed-in user of a request that went through requireUser / requireAdmin. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export const authPlugin = fp(
  async (app) => {
    await app.register(fastifyJwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: app.config.jwtExpiresIn },
      verify: { algorithms: ['HS256'] },
    });
    app.decorateRequest('currentUser', undefined);

    async function authenticate(request: FastifyRequest): Promise<UserRow> {
      if (request.currentUser) return request.currentUser;
      if (!/^Bearer\s+\S+/i.test(request.headers.authorization ?? '')) throw unauthorized();
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch {
        throw unauthorized();
      }
      const id = Number(payload.sub);
      if (!Number.isInteger(id)) throw unauthorized();
      const user = await findUserById(app.db, id);
      if (!user || user.deletedAt || user.tokenVersion !== payload.ver) throw unauthorized();
      // An administrator's session is short, also for a token signed before they became one.
      if (
        user.isAdmin &&
        !(typeof payload.iat === 'number' && Date.now() / 1000 - payload.iat <= ADMIN_SESSION_SECONDS)
      ) {
        throw unauthorized();
      }
      request.currentUser = user;
      return user;
    }

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireVerifiedUser', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (isPendingVerification(user)) throw forbidden('verificationRequired');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (!user.isAdmin) throw forbidden();
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.currentUser) return payload;
      const chosen = String(reply.getHeader('cache-control') ?? '');
      const validated =
        /^private,\s*no-cache$/i.test(chosen) && (reply.hasHeader('etag') || reply.hasHeader('last-modified'));
      if (!validated) reply.header('cache-control', 'private, no-store');
      return payload;
    });
    app.decorate('signToken', (user: Pick<UserRow, 'id' | 'tokenVersion'> & { isAdmin?: boolean }) =>
      app.jwt.sign(
        { sub: String(user.id), ver: user.tokenVersion },
        user.isAdmin ? { expiresIn: `${ADMIN_SESSION_HOURS}h` } : {},
      ),
    );
  },
  { name: 'auth', dependencies: ['db'] },
);
