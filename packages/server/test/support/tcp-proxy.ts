import net from 'node:net';

/** What a client sends to commit: the text of the Query (or Parse) message. */
const COMMIT = Buffer.from('commit\0');

export type TcpProxy = {
  port: number;
  /** Like the network going away: every connection is cut and new ones are refused. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  /**
   * Like a server that hangs: connections stay open and new ones are accepted, but nothing is forwarded
   * either way until resume() (what was sent meanwhile is delivered then).
   */
  pause(): void;
  resume(): void;
  /**
   * The next COMMIT's connection is cut: `after-commit` forwards the COMMIT first (the server commits,
   * its answer is lost), `before-commit` drops it (the server never sees it). `goDown` then cuts
   * everything else too and refuses new connections until restore().
   */
  cutAtNextCommit(when: 'after-commit' | 'before-commit', options?: { goDown?: boolean }): void;
  /** New connections go to this port from now on, like a DNS name or virtual IP moved to a new primary. */
  retarget(port: number): void;
  close(): Promise<void>;
};

/** A TCP proxy on 127.0.0.1 in front of `targetPort`, which a test can cut to simulate a network failure. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let target = targetPort;
  let armed: { when: 'after-commit' | 'before-commit'; goDown: boolean } | null = null;
  let paused = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    let draining = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      // Paused before any 'data' listener: attaching one then leaves it paused.
      if (paused) socket.pause();
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes(COMMIT)) {
        const { when, goDown } = armed;
        armed = null;
        if (when === 'after-commit') {
          // The server gets the COMMIT and then the end of the connection; its answer goes nowhere.
          draining = true;
          upstream.end(chunk);
        } else upstream.destroy();
        client.destroy();
        if (goDown) void cut({ keep: upstream });
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    client.on('close', () => {
      if (!draining) upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  let port = 0;
  await listen();
  port = (server.address() as net.AddressInfo).port;
  const cut = async ({ keep }: { keep?: net.Socket } = {}) => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) if (socket !== keep) socket.destroy();
    await closed;
  };
  return {
    port,
    cut: () => cut(),
    restore: listen,
    pause() {
      paused = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      paused = false;
      for (const socket of sockets) socket.resume();
    },
    cutAtNextCommit(when, options = {}) {
      armed = { when, goDown: options.goDown ?? false };
    },
    retarget(port) {
      target = port;
    },
    async close() {
      if (server.listening) await cut();
    },
  };
}
