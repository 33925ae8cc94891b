/**
 * The zod fields of a list's query parameters, from their description in table-query.ts: the API validates with
 * them, the web app reads its URLs with `readTableQuery` by the same rules (table-query-schema.test.ts compares the
 * two on every kind of value).
 */
import { z } from 'zod';
import type { TableQueryField, TableQueryFields } from './table-query';

/** The zod schema of one parameter: the same value as `readTableQueryField`, or a refusal where it refuses. */
export function tableQueryFieldSchema(field: TableQueryField) {
  switch (field.kind) {
    case 'text': {
      const text = z.string().trim().max(field.max).optional();
      return field.default === undefined ? text : text.default(field.default);
    }
    case 'int':
      return z.coerce.number().int().min(field.min).max(field.max).optional().default(field.default);
    case 'choice':
      return z.enum(field.values).optional().default(field.default);
  }
}

type FieldSchema<F extends TableQueryField> = F extends { kind: 'int' }
  ? z.ZodDefault<z.ZodOptional<z.ZodCoercedNumber<unknown>>>
  : F extends { kind: 'choice'; values: infer V extends readonly [string, ...string[]] }
    ? z.ZodDefault<z.ZodOptional<z.ZodEnum<{ [K in V[number]]: K }>>>
    : F extends { kind: 'text'; default: string }
      ? z.ZodDefault<z.ZodOptional<z.ZodString>>
      : z.ZodOptional<z.ZodString>;

/** The zod shape of a list's parameters, to spread into its query schema beside the API's own parameters. */
export function tableQueryShape<T extends TableQueryFields>(fields: T): { [K in keyof T]: FieldSchema<T[K]> } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, tableQueryFieldSchema(field)])) as {
    [K in keyof T]: FieldSchema<T[K]>;
  };
}
