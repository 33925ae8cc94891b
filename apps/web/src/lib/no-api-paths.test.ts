/**
 * Every API call goes through the contract's route table (lib/endpoint.ts, `urlOf` for links and streams): no
 * source file of the web app writes an API path. Tests may (they check the paths the app calls).
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A string or template literal that starts an API path, or a template that goes on with one. */
const API_PATH = /(['"`]|\})\/(api\/v1|connected|public|admin)\//g;

/** The code without its comments (doc comments name the routes they call). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe('API paths', () => {
  it('are written only in the route table', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const found = Object.entries(sources).flatMap(([file, source]) =>
      [...code(source).matchAll(API_PATH)].map((match) => `${file}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('would be found in a source that wrote one', () => {
    const samples = [
      "api.get('/connected/me')",
      'fetch(`/api/v1/public/globals`)',
      ['href={`$', '{API}/public/events/x/ics`}'].join(''),
    ];
    for (const sample of samples) expect([...code(sample).matchAll(API_PATH)].length, sample).toBe(1);
    expect([...code("/** `GET /connected/me` */ navigate('/profile/admin/users')").matchAll(API_PATH)]).toEqual([]);
  });
});
