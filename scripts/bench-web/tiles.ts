/**
 * Map tiles without the internet: an HTTPS server on 127.0.0.1 answering one generated 256×256 PNG (about the
 * weight of a real OpenStreetMap tile) for every /{z}/{x}/{y}.png. Chromium reaches it under the real tile host
 * through `--host-resolver-rules` (certificate errors ignored), so the app, its CSP and its build stay as users
 * get them, and the tiles are a third-party origin for Lighthouse as they are in production.
 */
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { selfSignedCertificate } from './certificate';

export const TILE_HOST = 'tile.openstreetmap.org';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG: land colour, a few "roads" and light noise, so it weighs what map tiles weigh (~15–25 KB). */
export function makeTile(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  let seed = 12_345;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 4_294_967_296;
  };
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const road = x % 64 < 3 || y % 80 < 2 || Math.abs(x - y) < 2;
      const noise = random() < 0.6 ? Math.floor(random() * 8) : 0;
      const [r, g, b] = road ? [255, 255, 255] : [242 - noise, 239 - noise, 233 - noise];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type TileServer = {
  port: number;
  tileBytes: number;
  /** Tiles served so far. */
  served: () => number;
  /** Chromium flags sending the tile host here. */
  chromiumFlags: string[];
  close: () => Promise<void>;
};

/** Starts the tile server with a throwaway self-signed certificate (openssl). */
export async function startTileServer(): Promise<TileServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evmap-bench-tiles-'));
  try {
    const { key, cert } = selfSignedCertificate(dir, `DNS:${TILE_HOST}`);
    const tile = makeTile();
    let served = 0;
    const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
      if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
        response.writeHead(404).end();
        return;
      }
      served++;
      response.writeHead(200, {
        'content-type': 'image/png',
        'content-length': tile.length,
        'cache-control': 'max-age=86400',
        'access-control-allow-origin': '*',
      });
      response.end(tile);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the tile server has no port');
    return {
      port: address.port,
      tileBytes: tile.length,
      served: () => served,
      chromiumFlags: [
        `--host-resolver-rules=MAP ${TILE_HOST} 127.0.0.1:${address.port}`,
        '--ignore-certificate-errors',
      ],
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
