/**
 * Bearer-token authentication: JWT HS256 with the algorithm pinned and expiry checked. The token
 * names the user and their token version; a deleted or unknown user, or an older version (after a
 * password change), is refused with 401. Admin routes answer 403 to signed-in non-admins, and the routes
 * of an organiser's own events and plan answer 403 to an event-manager whose first email is not verified yet.
 */
import { isPendingVerification } from '@evmap/contract/account-rules';
import fastifyJwt from '@fastify/jwt';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema/users';
import { forbidden, unauthorized } from '../errors';

export type UserRow = typeof users.$inferSelect;
type TokenPayload = { sub: string; ver: number };

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
    signToken: (user: Pick<UserRow, 'id' | 'tokenVersion'>) => string;
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
      const [user] = await app.db.select().from(users).where(eq(users.id, id));
      if (!user || user.deletedAt || user.tokenVersion !== payload.ver) throw unauthorized();
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
    app.decorate('signToken', (user: Pick<UserRow, 'id' | 'tokenVersion'>) =>
      app.jwt.sign({ sub: String(user.id), ver: user.tokenVersion }),
    );
  },
  { name: 'auth', dependencies: ['db'] },
);
