/**
 * What an error may tell the log and error reporting: never the values a query was given (emails, password
 * hashes, raw input), nor codes, tokens or card numbers. A failed query keeps the shape of its SQL (its text with
 * `$n` placeholders, cut short) and PostgreSQL's code, constraint, table and column; PostgreSQL's `detail`
 * ("Key (email)=(…)", "Failing row contains (…)") and drizzle's `params` are dropped.
 */

export type SafeError = {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  [field: string]: unknown;
};

/** Properties copied as they are: codes and names, never values. */
const KEPT_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'errno',
  'syscall',
  'validationContext',
] as const;

const SQL_SHAPE_LENGTH = 240;

type ErrorLike = Error & Record<string, unknown>;

/** drizzle's DrizzleQueryError (duck-typed, so a copy of drizzle or a wrapper is recognised too). */
function isQueryError(error: ErrorLike): error is ErrorLike & { query: string } {
  return typeof error.query === 'string' && 'params' in error;
}

/** The SQL text of a query, whitespace folded and cut short: its placeholders hold the values, not the text. */
export function sqlShape(query: string): string {
  const folded = query.replace(/\s+/g, ' ').trim();
  return folded.length > SQL_SHAPE_LENGTH ? `${folded.slice(0, SQL_SHAPE_LENGTH)}…` : folded;
}

/** Masks every digit: a mail subject keeps its wording, never its verification code. */
export function maskDigits(text: string): string {
  return text.replace(/\d/g, '•');
}

/** Removes the values of signed links (`token`, `sig`, `code`) from a URL or a path with a query string. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|sig|code)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Scrubs a free text (an error message): drizzle's `params:` part, PostgreSQL's quoted values, password hashes,
 * JWTs, emails, long digit runs (card numbers) and control characters.
 */
export function scrubText(text: string): string {
  return (
    text
      // DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
      .replace(/\nparams: [\s\S]*$/, '')
      .replace(/^Failed query: ([\s\S]*)$/, (_, query: string) => `Failed query: ${sqlShape(query)}`)
      // PostgreSQL puts the offending value in quotes: `…for type integer: "abc"`, `value "9999999999" is out of…`.
      .replace(/: "[\s\S]*"$/, ': [value]')
      .replace(/\bvalue "[^"]*"/g, 'value [value]')
      .replace(/\$argon2(?:id|i|d)\$[^\s"',)]*/g, '[hash]')
      .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]')
      .replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi, '[email]')
      .replace(/\b\d(?:[ -]?\d){11,18}\b/g, '[number]')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '�')
  );
}

function messageOf(error: ErrorLike): string {
  if (isQueryError(error)) return `Failed query: ${sqlShape(error.query)}`;
  return scrubText(String(error.message ?? ''));
}

/** The stack's frames under a safe first line (the stack repeats the message, values included). */
function stackOf(error: ErrorLike, type: string, message: string): string {
  const frames = typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [`${type}: ${message}`, ...frames].join('\n');
}

/** pino's `err` serializer: type, safe message and stack, codes, and the cause the same way (3 levels at most). */
export function safeError(value: unknown, depth = 0): SafeError {
  if (!(value instanceof Error)) {
    const message = scrubText(typeof value === 'string' ? value : 'non-error thrown');
    return { type: typeof value, message, stack: message };
  }
  const error = value as ErrorLike;
  const type = error.constructor?.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name;
  const message = messageOf(error);
  const safe: SafeError = { type, message, stack: stackOf(error, type, message) };
  for (const field of KEPT_FIELDS) {
    const kept = error[field];
    if (typeof kept === 'string' || typeof kept === 'number') safe[field] = kept;
  }
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/** A copy of `error` fit for error reporting: the same type name, a safe message and stack, and a safe cause. */
export function reportableError(value: unknown, depth = 0): Error {
  const safe = safeError(value, depth);
  const copy = new Error(safe.message);
  copy.name = safe.type;
  copy.stack = safe.stack;
  for (const field of KEPT_FIELDS) {
    if (safe[field] !== undefined) (copy as ErrorLike)[field] = safe[field];
  }
  if (value instanceof Error && value.cause !== undefined && depth < 3) {
    copy.cause = reportableError(value.cause, depth + 1);
  }
  return copy;
}
