/**
 * Refuses text PostgreSQL cannot store: a NUL character (U+0000) anywhere in the path parameters, the query
 * string or the parsed body answers 400 with "The field X contains a character that is not allowed", before
 * any schema or handler sees it. One hook for every route, the pages outside /api included.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorRef, validationError } from '../errors';

const NUL = '\u0000';

type Node = { value: unknown; key?: string; parent?: Node };

const pathOf = (node: Node): string[] => {
  const path: string[] = [];
  for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
};

/** The path of the first string under `value` that holds a NUL ([] for a key that does); undefined when none. */
export function findNul(value: unknown): string[] | undefined {
  // Iterative, each node linked to its parent: a deeply nested JSON body costs neither stack nor quadratic time.
  const stack: Node[] = [{ value }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const current = node.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(node);
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        stack.push({ value: current[index], key: String(index), parent: node });
      }
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, child] of Object.entries(current)) {
        // A key cannot name the field it spoils: it is reported on the form.
        if (key.includes(NUL)) return [];
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return undefined;
}

/** Throws the 400 for the first NUL under `value`, taken from the request's `source` (params, querystring, body). */
export function refuseNul(source: string, value: unknown): void {
  const path = findNul(value);
  if (!path) return;
  const field = path.length > 0 ? path.join('.') : 'global';
  const name = path.findLast((segment) => !/^\d+$/.test(segment)) ?? source;
  const ref: ErrorRef = { key: 'fieldCharacter', params: { field: name } };
  throw validationError({ [field]: ref });
}

function refuseNulInRequest(request: FastifyRequest): void {
  refuseNul('params', request.params);
  refuseNul('querystring', request.query);
  // A multipart form is read later, by its route's plugin, which checks it the same way.
  refuseNul('body', request.body);
}

export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => refuseNulInRequest(request));
  },
  { name: 'text-input' },
);
