/**
 * Answers of the API that are not JSON entities (spec section 7): "nothing to return" and files. The API declares
 * them on its routes and its OpenAPI document describes them from here, like every other body.
 */
import { z } from 'zod';

/** 204: done, with nothing to return (no body). */
export const noContentSchema = z.undefined().describe('Done: nothing to return (no body)');

/** Bytes (a Buffer on the server), documented as a binary string. */
const binarySchema = z.custom<Uint8Array | string>(() => true).meta({ type: 'string', format: 'binary' });

/** A 200 answer that is a file or a stream of `mediaType` rather than JSON. */
export function fileAnswer(mediaType: string, description: string, format: 'binary' | 'text' = 'binary') {
  return { description, content: { [mediaType]: { schema: format === 'binary' ? binarySchema : z.string() } } };
}
