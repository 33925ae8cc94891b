/**
 * Global zod error map: every validation issue that has no message of its own gets a key of the
 * error catalogue (see errors.ts), which the API and the web app translate into the user's language.
 * Import this module once at start-up, before any schema is parsed.
 */
import { z } from 'zod';
import type { ErrorKey } from './errors';

function keyFor(issue: z.core.$ZodRawIssue): ErrorKey {
  if (issue.input === undefined && (issue.code === 'invalid_value' || issue.code === 'invalid_union')) {
    return 'fieldRequired';
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'fieldRequired' : 'fieldType';
    case 'invalid_value':
      return 'enumInvalid';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'fieldRequired' : 'min';
    case 'too_big':
      return 'max';
    case 'unrecognized_keys':
      return 'fieldUnknown';
    case 'invalid_format':
      return issue.format === 'email' ? 'emailInvalid' : issue.format === 'date' ? 'dateFormat' : 'fieldType';
    default:
      return 'fieldType';
  }
}

z.config({ customError: (issue) => keyFor(issue) });
