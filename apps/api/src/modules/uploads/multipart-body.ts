/**
 * Multipart forms read into a plain body before schema validation: text fields as strings, files as
 * Buffers, so the route's zod schema reports every missing or wrong field like a JSON body would.
 * Each bad form gets its own answer: a file over the maximum 413 (with the configured maximum), a field sent
 * twice 400 on that field, too many parts 400, and a body that is not well-formed multipart (cut short, no
 * boundary, garbage) 400 "The form data is incomplete or malformed".
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, validationError } from '../../errors';
import { refuseNul } from '../../plugins/text-input';

const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** The answer for an error met while reading the parts: the client sent a form we cannot read. */
function formError(error: unknown, maxMb: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(maxMb);
  if (TOO_MANY.has(code)) return badRequest('formTooManyParts');
  // busboy's "Unexpected end of form", "Malformed part header", "Boundary not found"...
  return badRequest('formMalformed');
}

async function readParts(request: FastifyRequest, maxMb: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      // Refused before its content is read.
      if (Object.hasOwn(body, part.fieldname)) {
        throw validationError({ [part.fieldname]: { key: 'fieldRepeated', params: { field: part.fieldname } } });
      }
      body[part.fieldname] = part.type === 'file' ? await part.toBuffer() : part.value;
    }
  } catch (error) {
    throw formError(error, maxMb);
  }
  return body;
}

/** Registers @fastify/multipart in the calling plugin (one file of at most `maxBytes`) and reads forms into `request.body`. */
export async function acceptMultipartForms(app: FastifyInstance, maxBytes: number): Promise<void> {
  // Two files: a file sent twice is seen and named in the answer, and a text field sent as a file (folder)
  // reaches the schema, which says what is wrong with it; a third file is too many parts.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 2, fields: 10, parts: 12 } });
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    request.body = await readParts(request, maxMb);
    refuseNul('body', request.body);
  });
}
