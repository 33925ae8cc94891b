/**
 * The import source form (issue 25): the screen's values (the owner and categories as chosen in selects, the
 * category mapping as rows of a source category and one of ours) checked on the fields the administrator sees,
 * then turned into the contract's source body and checked by the same schema the API uses.
 */
import {
  IMPORT_KINDS,
  IMPORT_LANGUAGES,
  IMPORT_SCHEDULES,
  type ImportKind,
  type ImportLanguage,
  type ImportSchedule,
  type ImportSource,
  type ImportSourceBody,
  type ImportSourceInput,
  importSourceBodySchema,
} from '@evmap/contract/import';
import { z } from 'zod';

/** One row of the category mapping: the source's category name and the category it becomes here. */
export type MappingRow = { name: string; categoryId: number | null };

export type ImportSourceFormValues = {
  name: string;
  kind: ImportKind;
  url: string;
  schedule: ImportSchedule;
  language: ImportLanguage;
  ownerId: number | null;
  defaultCategoryId: number | null;
  mapping: MappingRow[];
  licence: string;
  attribution: string;
  publishAtOnce: boolean;
  paused: boolean;
};

const shape = importSourceBodySchema.shape;
/** A text the administrator must fill: "required" when empty, then the contract's own rules. */
const required = <T extends z.ZodType<unknown, string>>(rules: T) =>
  z
    .string()
    .refine((value) => value.trim() !== '', { error: 'fieldRequired' })
    .pipe(rules);

const screenSchema = z
  .object({
    name: required(shape.name),
    kind: shape.kind,
    url: required(shape.url),
    schedule: z.enum(IMPORT_SCHEDULES, { error: 'fieldInvalid' }),
    language: z.enum(IMPORT_LANGUAGES, { error: 'fieldInvalid' }),
    ownerId: z.number().nullable(),
    defaultCategoryId: z.number().nullable(),
    mapping: z.array(z.object({ name: z.string().max(200, { error: 'max' }), categoryId: z.number().nullable() })),
    licence: shape.licence,
    attribution: shape.attribution,
    publishAtOnce: z.boolean(),
    paused: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.ownerId === null) ctx.addIssue({ code: 'custom', path: ['ownerId'], message: 'fieldRequired' });
    // A row half filled says which half is missing; empty rows are dropped.
    values.mapping.forEach((row, index) => {
      const named = row.name.trim() !== '';
      if (named && row.categoryId === null) {
        ctx.addIssue({ code: 'custom', path: ['mapping', index, 'categoryId'], message: 'fieldRequired' });
      } else if (!named && row.categoryId !== null) {
        ctx.addIssue({ code: 'custom', path: ['mapping', index, 'name'], message: 'fieldRequired' });
      }
    });
  });

/** The checked screen values → the contract's body (empty texts as null, filled mapping rows as a record). */
export function toImportSourceBody(values: z.output<typeof screenSchema>): ImportSourceBody {
  const categoryMapping: Record<string, number> = {};
  for (const row of values.mapping) {
    if (row.name.trim() !== '' && row.categoryId !== null) categoryMapping[row.name.trim()] = row.categoryId;
  }
  return {
    name: values.name,
    kind: values.kind,
    url: values.url,
    schedule: values.schedule,
    language: values.language,
    ownerId: values.ownerId ?? 0,
    defaultCategoryId: values.defaultCategoryId,
    categoryMapping,
    licence: values.licence ?? null,
    attribution: values.attribution ?? null,
    publishAtOnce: values.publishAtOnce,
    paused: values.paused,
  };
}

/** The form's schema: the screen's rules, then the contract's body (the API's messages, before asking it). */
export const importSourceFormSchema = screenSchema
  .transform(toImportSourceBody)
  .pipe(importSourceBodySchema as unknown as z.ZodType<ImportSourceInput, ImportSourceBody>);

/** The form field of an API error key: the mapping's message goes on the mapping block. */
export function importSourceServerField(key: string): string {
  return key === 'categoryMapping' ? 'mapping' : key;
}

/** A new source's values: an iCalendar source run daily, waiting for moderation, with one empty mapping row. */
export function newImportSourceValues(): ImportSourceFormValues {
  return {
    name: '',
    kind: IMPORT_KINDS[0],
    url: '',
    schedule: 'daily',
    language: 'fr',
    ownerId: null,
    defaultCategoryId: null,
    mapping: [],
    licence: '',
    attribution: '',
    publishAtOnce: false,
    paused: false,
  };
}

/** The form's values for an existing source, as the API answered it. */
export function importSourceToValues(source: ImportSource): ImportSourceFormValues {
  return {
    name: source.name,
    kind: source.kind,
    url: source.url,
    schedule: source.schedule,
    language: source.language,
    ownerId: source.ownerId,
    defaultCategoryId: source.defaultCategoryId,
    mapping: Object.entries(source.categoryMapping).map(([name, categoryId]) => ({ name, categoryId })),
    licence: source.licence ?? '',
    attribution: source.attribution ?? '',
    publishAtOnce: source.publishAtOnce,
    paused: source.paused,
  };
}

/** The whole body of a saved source again, for a PUT that changes only `paused`. */
export function importSourceBodyOf(source: ImportSource, changes: Partial<ImportSourceBody> = {}): ImportSourceBody {
  return {
    name: source.name,
    kind: source.kind,
    url: source.url,
    schedule: source.schedule,
    language: source.language,
    ownerId: source.ownerId,
    defaultCategoryId: source.defaultCategoryId,
    categoryMapping: source.categoryMapping,
    licence: source.licence,
    attribution: source.attribution,
    publishAtOnce: source.publishAtOnce,
    paused: source.paused,
    ...changes,
  };
}
