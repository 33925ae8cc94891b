import { describe, expect, it } from 'vitest';
import { wrapSchemaConstants } from './pure-contract-schemas';

const PURE = '/* @__PURE__ */ (() => ';

describe("the contract's schemas for the browser's build", () => {
  it('wraps each top-level constant made by calls in a pure function called at once', () => {
    const source = [
      "export const emailSchema = z.string().trim().min(1, { error: 'fieldRequired' });",
      'export const stateSchema = provinceSchema.nullable();',
      'const keys = userSchema.keyof().options;',
    ].join('\n');
    expect(wrapSchemaConstants(source)).toBe(
      [
        `export const emailSchema = ${PURE}z.string().trim().min(1, { error: 'fieldRequired' }))();`,
        `export const stateSchema = ${PURE}provinceSchema.nullable())();`,
        `const keys = ${PURE}userSchema.keyof().options)();`,
      ].join('\n'),
    );
  });

  it('leaves plain values, functions, statements and the error map set-up as they are', () => {
    const source = [
      "export const LANGS = ['fr', 'en'] as const;",
      'export const TAX_RATES = { QC: [GST] };',
      'export const optional = (max: number) => z.string().max(max);',
      'export function check(value: string) { return schema.parse(value); }',
      'z.config({ customError });',
      'const setUp = z.config({ customError });',
    ].join('\n');
    expect(wrapSchemaConstants(source)).toBe(source);
  });

  it('keeps what a wrapped constant evaluates to', () => {
    const source = 'const base = { a: 1 };\nexport const value = Object.entries(base).map(([k, v]) => k + v)[0];';
    const run = (code: string) => new Function(`${code.replace('export ', '')}\nreturn value;`)();
    expect(run(wrapSchemaConstants(source))).toBe(run(source));
  });
});
