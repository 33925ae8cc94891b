/**
 * UUIDs in their canonical text form (event uuids, the X-Session-Id header). Apart from the schemas so that the web
 * app's first screen, which reads its session id, loads no zod.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
