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
const EMBED_HTML = `<!doctype html>
<html lang="fr">
  <head><script type="module" crossorigin src="/assets/embed-abc123.js"></script></head>
  <body><div id="embed"></div></body>
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
      writeFileSync(path.join(webDist, 'embed.html'), EMBED_HTML);
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

/** One directive of a Content-Security-Policy header, without its name. */
function directive(header: unknown, name: string): string | undefined {
  const found = String(header)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
  return found?.slice(name.length + 1);
}

describe('the embed page', () => {
  it('may be framed by any website: frame-ancestors *, no X-Frame-Options, the rest of the CSP kept', async () => {
    const home = await ctx.app.inject('/');
    for (const url of ['/embed', '/embed?lang=en&city=montreal&view=list', '/embed.html']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(EMBED_HTML);
      expect(directive(res.headers['content-security-policy'], 'frame-ancestors'), url).toBe('*');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      // Only the framing changes: scripts, connections and images are held to the app's own rules.
      for (const name of ['default-src', 'script-src', 'connect-src', 'img-src', 'object-src']) {
        expect(directive(res.headers['content-security-policy'], name), name).toBe(
          directive(home.headers['content-security-policy'], name),
        );
      }
    }
  });

  it('leaves every other page refusing frames', async () => {
    for (const url of ['/', '/events/some-handle', '/index.html', '/embedded', '/profile', '/api/v1/public/globals']) {
      const res = await ctx.app.inject(url);
      expect(directive(res.headers['content-security-policy'], 'frame-ancestors'), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
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
