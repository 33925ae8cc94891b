/** Test helper: a real HTTP server on 127.0.0.1 (random port) standing for a public geocoder. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] };
export type FakeHandler = (request: FakeRequest, response: ServerResponse) => void;

export async function startFakeGeocoder(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let current = handler;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request = { path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(request);
    current(request, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replaces the answers from now on. */
    answer(next: FakeHandler) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Never answers (until the server closes): the client's timeout must fire. */
export function hang(_response: ServerResponse) {}
