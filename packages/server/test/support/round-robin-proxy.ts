import http from 'node:http';
import net from 'node:net';

/** The response header naming which backend (its index) answered a request, for tests to check. */
export const BACKEND_HEADER = 'x-test-backend';

export type RoundRobinProxy = {
  port: number;
  url: string;
  /** The backend each WebSocket upgrade went to, in order (an upgrade's answer carries no header). */
  upgrades: number[];
  close(): Promise<void>;
};

/**
 * A load balancer for tests on 127.0.0.1: each request (and each WebSocket upgrade) goes to the next of
 * `ports` in turn, on a connection of its own, so no client keep-alive pins a client to one instance.
 * `ports` may name servers that are not started yet.
 */
export async function startRoundRobinProxy(port: number, ports: number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const pick = () => {
    const chosen = next;
    next = (next + 1) % ports.length;
    return chosen;
  };
  const upgrades: number[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };

  const server = http.createServer((request, response) => {
    const backend = pick();
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[backend],
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          [BACKEND_HEADER]: String(backend),
        });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  server.on('connection', track);

  // An upgrade is passed on as its request line and headers, then both ways byte for byte.
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const backend = pick();
    upgrades.push(backend);
    const upstream = net.connect(ports[backend], '127.0.0.1');
    track(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    upstream.on('connect', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    upgrades,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
