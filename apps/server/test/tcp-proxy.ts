/**
 * A TCP proxy to a database server that a test (or benchmark) can take down and bring back:
 * `cut()` resets every connection and refuses new ones (a restart, a failover), `blackhole()`
 * lets nothing through in either direction without closing anything (a network partition: no
 * reset reaches either side), `restore()` forwards again (held connections resume).
 */
import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

export class TcpProxy {
  private mode: 'open' | 'cut' | 'blackhole' = 'open';
  private readonly pairs = new Set<Pair>();
  private readonly held = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  /** Listens on a free port of 127.0.0.1 and forwards to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new TcpProxy(server, target, (server.address() as net.AddressInfo).port);
    server.on('connection', (client) => proxy.accept(client));
    return proxy;
  }

  private accept(client: net.Socket): void {
    client.on('error', () => client.destroy());
    if (this.mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    if (this.mode === 'blackhole') {
      // the connection is accepted by the network, but nothing ever answers
      this.held.add(client);
      client.pause();
      client.on('close', () => this.held.delete(client));
      return;
    }
    this.connect(client);
  }

  private connect(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const close = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', close);
    client.on('error', close);
    upstream.on('close', close);
    client.on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Resets every connection and refuses new ones until `restore()`. */
  cut(): void {
    this.mode = 'cut';
    for (const { client, upstream } of [...this.pairs]) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    for (const socket of this.held) socket.resetAndDestroy();
  }

  /** Stops all traffic without closing anything, until `restore()`. */
  blackhole(): void {
    this.mode = 'blackhole';
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Forwards again: held data flows, new connections are made. */
  restore(): void {
    const wasBlackholed = this.mode === 'blackhole';
    this.mode = 'open';
    // (piping a pair twice would send every byte twice)
    if (wasBlackholed) {
      for (const { client, upstream } of this.pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
    }
    for (const socket of [...this.held]) {
      this.held.delete(socket);
      this.connect(socket);
      socket.resume();
    }
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
