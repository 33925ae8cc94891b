import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
// A built script and the build's compressed copies of it (apps/web/scripts/precompressed-assets.ts).
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};\n`;
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT, { level: 9 });
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
      mkdirSync(path.join(webDist, 'assets'));
      writeFileSync(path.join(webDist, 'assets/app-abc123.js'), SCRIPT);
      writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), SCRIPT_BR);
      writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), SCRIPT_GZ);
      // A script the build left without copies.
      writeFileSync(path.join(webDist, 'assets/other-def456.js'), SCRIPT);
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

describe('the built assets', () => {
  const script = (acceptEncoding?: string, url = '/assets/app-abc123.js') =>
    ctx.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it("sends the build's Brotli copy as it is to a browser that accepts Brotli", async () => {
    const res = await script('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await script('gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(SCRIPT_GZ)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await script(acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.body, acceptEncoding).toBe(SCRIPT);
    }
  });

  it('still compresses an asset the build left without copies', async () => {
    const res = await script('br', '/assets/other-def456.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers 404 for an asset that does not exist, whatever the encodings accepted', async () => {
    for (const acceptEncoding of [undefined, 'br', 'gzip']) {
      const res = await script(acceptEncoding, '/assets/missing-000000.js');
      expect(res.statusCode, acceptEncoding).toBe(404);
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
