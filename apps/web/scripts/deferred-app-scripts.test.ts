import { describe, expect, it } from 'vitest';
import { APP_SCRIPTS_META, deferredAppScripts } from './deferred-app-scripts';

type Handler = (html: string, context: { filename: string }) => string;
const transform = (html: string, filename = '/app/index.html') => {
  const hook = deferredAppScripts().transformIndexHtml as { handler: Handler };
  return hook.handler(html, { filename });
};

const BUILT = `<head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/react-c3.js">
    <link rel="preload" as="style" crossorigin href="/assets/index-d4.css" id="app-css">
</head>`;

describe('deferredAppScripts', () => {
  it('moves the entry script and its module preloads into the meta, entry first', () => {
    const html = transform(BUILT);
    expect(html).toContain(
      `<meta name="${APP_SCRIPTS_META}" content="/assets/index-a1.js /assets/runtime-b2.js /assets/react-c3.js">`,
    );
    expect(html).not.toMatch(/<script|modulepreload/);
    expect(html).toContain('id="app-css"');
  });

  it('leaves the embed page alone, and refuses an index.html without exactly one entry', () => {
    expect(transform(BUILT, '/app/embed.html')).toBe(BUILT);
    expect(() => transform('<head></head>')).toThrow(/0 entry scripts/);
  });
});
