/**
 * Multipart forms read into a plain body before schema validation: text fields as strings, files as
 * Buffers, so the route's zod schema reports every missing or wrong field like a JSON body would.
 * Limits are enforced while reading, with the configured maximum in the message.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payloadTooLarge } from '../../errors';

const TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

async function readParts(request: FastifyRequest, maxMb: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      body[part.fieldname] = part.type === 'file' ? await part.toBuffer() : part.value;
    }
  } catch (error) {
    if (TOO_LARGE.has((error as { code?: string }).code ?? '')) throw payloadTooLarge(maxMb);
    throw error;
  }
  return body;
}

/** Registers @fastify/multipart in the calling plugin (one file of at most `maxBytes`) and reads forms into `request.body`. */
export async function acceptMultipartForms(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } });
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readParts(request, maxMb);
  });
}
