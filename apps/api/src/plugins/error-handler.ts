/**
 * The one error handler: AppError, schema failures, malformed bodies and unexpected exceptions all
 * answer `{ errors: { <field>: <message>, global: <message> } }` in the request's language.
 * Unknown routes under /api answer 404 in the same shape.
 */

import type { Lang } from '@evmap/contract/enums';
import { type ErrorKey, type ErrorParams, errorMessage, isErrorKey } from '@evmap/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { databaseRefusal, postgresError } from '../lib/db-errors';
import { reportError } from '../lib/error-reporting';
import { langFromHeader } from '../lib/lang';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

type Issue = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

function issueParams(field: string, params: Record<string, unknown>): ErrorParams {
  // Custom issues carry their values in `params` (see statBodySchema).
  const nested = (params.params ?? {}) as Record<string, unknown>;
  const values = params.values ?? nested.values;
  return {
    field,
    type: String(params.expected ?? ''),
    min: String(params.minimum ?? ''),
    max: String(params.maximum ?? ''),
    values: Array.isArray(values) ? values.join(', ') : '',
  };
}

/** Schema issues -> one message per field (the first issue of each field wins). */
export function validationBody(issues: Issue[], context: string | undefined, lang: Lang): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      // Strict objects (every query string): one message on each unexpected field.
      const base = issue.instancePath.split('/').filter(Boolean);
      for (const key of issue.params.keys as string[]) {
        // `__proto__` cannot be a key of the answer: its message goes on the request as a whole.
        const field = key === '__proto__' ? 'global' : [...base, key].join('.');
        // Own properties only: a parameter may be named `constructor` or `__proto__`.
        if (Object.hasOwn(errors, field)) continue;
        const message = errorMessage('fieldUnknown', lang, { field: key });
        Object.defineProperty(errors, field, { value: message, enumerable: true, writable: true, configurable: true });
      }
      continue;
    }
    const segments = issue.instancePath.split('/').filter(Boolean);
    const field = segments.length > 0 ? segments.join('.') : context === 'body' || !context ? 'global' : context;
    if (errors[field]) continue;
    const key: ErrorKey = isErrorKey(issue.message) ? issue.message : 'fieldType';
    const name = segments.at(-1) ?? context ?? 'body';
    errors[field] = errorMessage(key, lang, issueParams(name, issue.params));
  }
  return errors;
}

/** The body limit of the request's route in MB (one decimal at most: 0.5 MB stays 0.5). */
function megabytes(request: FastifyRequest): number {
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1048576;
  return Math.round((limit / 1048576) * 10) / 10;
}

function send(reply: FastifyReply, status: number, errors: Record<string, string>) {
  return reply.status(status).type('application/json; charset=utf-8').send({ errors });
}

function handle(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang ?? langFromHeader(request.headers['accept-language']);
  const refusal = error instanceof AppError ? undefined : databaseRefusal(error);
  if (refusal) {
    // A concurrent write or a value past the schemas: the client's answer, the code (never the values) logged.
    request.log.warn({ reqId: request.id, pg: postgresError(error) }, 'database refused the request');
  }
  const known = error instanceof AppError ? error : refusal;
  if (known) {
    reply.headers(known.headers);
    const body = Object.fromEntries(
      Object.entries(known.fields).map(([field, ref]) => [field, errorMessage(ref.key, lang, ref.params)]),
    );
    return send(reply, known.statusCode, body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(reply, 400, validationBody(error.validation as Issue[], error.validationContext, lang));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(reply, 400, { global: errorMessage('fieldInvalidJson', lang, { field: 'body' }) });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The route's own body limit (1 MB for JSON), not the upload maximum.
      return send(reply, 413, { global: errorMessage('bodyTooLarge', lang, { max: megabytes(request) }) });
    case 'FST_REQ_FILE_TOO_LARGE':
      return send(reply, 413, {
        global: errorMessage('payloadTooLarge', lang, {
          max: Math.round(request.server.config.uploadMaxBytes / 1048576),
        }),
      });
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return send(reply, 400, { global: errorMessage('formTooManyParts', lang) });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return send(reply, 415, { global: errorMessage('fieldType', lang, { field: 'body', type: 'application/json' }) });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return send(reply, 429, { global: errorMessage('rateLimited', lang, { minutes: 1 }) });
  if (status >= 400 && status < 500) return send(reply, status, { global: errorMessage('fieldsMissing', lang) });
  request.log.error({ err: error, reqId: request.id }, 'unexpected error');
  reportError(error, { reqId: request.id, url: request.url });
  return send(reply, 500, { global: errorMessage('internal', lang) });
}

/** `handle`, guarded: were it to throw, Fastify would answer with its own body (`{"error","message","statusCode"}`). */
function guardedHandle(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  try {
    return handle(error, request, reply);
  } catch (failure) {
    request.log.error({ err: failure, reqId: request.id }, 'the error handler failed');
    const lang = langFromHeader(request.headers['accept-language']);
    return send(reply, 500, { global: errorMessage('internal', lang) });
  }
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', 'en');
    app.addHook('onRequest', async (request) => {
      request.lang = langFromHeader(request.headers['accept-language']);
    });
    app.setErrorHandler(guardedHandle);
  },
  { name: 'error-handler' },
);

/** 404 for unknown API routes, in the error shape. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, { global: errorMessage('routeNotFound', request.lang) });
}
