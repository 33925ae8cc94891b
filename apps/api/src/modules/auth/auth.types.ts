import type { FastifyInstance } from 'fastify';

/** What the account services use from the app. */
export type AccountDeps = Pick<
  FastifyInstance,
  'db' | 'mailer' | 'config' | 'rateLimiter' | 'storage' | 'signToken' | 'log'
>;
