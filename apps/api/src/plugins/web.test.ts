import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { inlineScriptHashes, withTileSettings } from './web';

// The shape of the built index.html: the tile meta in <head>, the inline boot script after #root.
const BOOT_SCRIPT =
  '(function(){var m=document.querySelector(\'meta[name="evm-tile-url"]\');window.__tile=m&&m.content})();';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="evm-tile-url" content="" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  <script id="vite-plugin-pwa:register-sw" src="/registerSW.js" defer></script></head>
  <body>
    <div id="root"></div>
    <script>${BOOT_SCRIPT}</script>
  </body>
</html>`;
const TILE_URL = 'https://tiles.example.com/{z}/{x}/{y}.png?key=a&style="b"';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The `script-src` sources of a Content-Security-Policy header. */
function scriptSrc(header: unknown): string[] {
  const directive = String(header)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    env: { TILE_URL },
    prepare: ({ webDist }) => {
      mkdirSync(webDist, { recursive: true });
      writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    },
  });
});
afterAll(() => ctx.close());

describe('index.html', () => {
  it('carries the tile URL template (escaped) and a preconnect to the tile server', async () => {
    // /index.html too: the service worker precaches it and answers later navigations with it.
    for (const url of ['/', '/events/some-handle', '/index.html']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(
        '<meta name="evm-tile-url" content="https://tiles.example.com/{z}/{x}/{y}.png?key=a&amp;style=&quot;b&quot;">' +
          '<link rel="preconnect" href="https://tiles.example.com">',
      );
      expect(res.body).not.toContain('content=""');
    }
  });

  it("allows the inline boot script by its hash in the CSP's script-src, and no other inline script", async () => {
    const res = await ctx.app.inject('/');
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toEqual([BOOT_SCRIPT]);
    const sources = scriptSrc(res.headers['content-security-policy']);
    expect(sources).toEqual(["'self'", sha256(BOOT_SCRIPT)]);
    expect(sources).not.toContain("'unsafe-inline'");
  });
});

describe('withTileSettings', () => {
  const html = '<head><meta name="evm-tile-url" content="" /></head>';

  it('adds no preconnect for a relative template or a {s} subdomain', () => {
    expect(withTileSettings(html, '/test-tiles/{z}/{x}/{y}.png')).toBe(
      '<head><meta name="evm-tile-url" content="/test-tiles/{z}/{x}/{y}.png"></head>',
    );
    expect(withTileSettings(html, 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      '<head><meta name="evm-tile-url" content="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"></head>',
    );
  });

  it('leaves an index.html without the meta unchanged', () => {
    expect(withTileSettings('<head></head>', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('<head></head>');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the text of each script without src', () => {
    const page = '<script src="/a.js"></script><script>one()</script><SCRIPT type="text/javascript">two()</SCRIPT >';
    expect(inlineScriptHashes(page)).toEqual([sha256('one()'), sha256('two()')]);
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });
});
