/** A small local HTTP server that answers like a data portal or a calendar host, for the import tests. */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const FIXTURES_DIR = path.resolve(import.meta.dirname, 'fixtures/import');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES_DIR, name));

export type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export type FeedServer = {
  /** `http://127.0.0.1:port` */
  origin: string;
  /** What `path` answers from now on. */
  route: (path: string, handler: Handler) => void;
  /** `path` answers `body` with `contentType`. */
  serve: (path: string, body: string | Buffer, contentType?: string) => void;
  close: () => Promise<void>;
};

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Handler>();
  const server = http.createServer((request, response) => {
    const handler = routes.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (handler) return handler(request, response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    route: (p, handler) => routes.set(p, handler),
    serve: (p, body, contentType = 'text/plain') =>
      routes.set(p, (_req, res) => res.writeHead(200, { 'content-type': contentType }).end(body)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
