// A TCP proxy that puts faults between a client and a server (the Upstash bridge in the tests):
// 'pass' forwards, 'hang' accepts and forwards nothing (a partition: every call waits), 'reset'
// closes every connection at once (a network that drops). It counts the connections it holds, so a
// test can see that a client gave them up.
import net from 'node:net';

export type Fault = 'pass' | 'hang' | 'reset';

export interface FaultProxy {
  url: string;
  /** Sets the fault for connections open now and to come. */
  set(fault: Fault): void;
  /** Connections from clients the proxy holds open. */
  open(): number;
  /** Resolves once at most `n` connections are open (polling its count, as the sockets close). */
  drainedTo(n: number, withinMs: number): Promise<number>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string, fault: Fault = 'pass'): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  /** Each client connection, with its connection upstream once it is forwarded. */
  const clients = new Map<net.Socket, net.Socket | undefined>();
  const waiters = new Set<() => void>();

  function forward(client: net.Socket): void {
    const upstream = net.connect(Number(port), hostname);
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    clients.set(client, upstream);
    client.pipe(upstream).pipe(client);
  }

  const server = net.createServer((client) => {
    clients.set(client, undefined);
    client.on('error', () => {});
    client.on('close', () => { clients.delete(client); for (const w of waiters) w(); });
    if (fault === 'reset') client.destroy();
    else if (fault === 'pass') forward(client);
    // 'hang': accepted, read from (so that a client giving up is seen), never answered.
    else client.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${own}`,
    set(next) {
      fault = next;
      for (const [client, upstream] of clients) {
        if (next === 'reset') client.destroy();
        // A connection stops mid-call: nothing more goes either way.
        else if (next === 'hang' && upstream) { client.unpipe(upstream); upstream.unpipe(client); client.resume(); }
        // Connections that hung are dropped when the network comes back; clients connect again.
        else if (next === 'pass' && (!upstream || !upstream.listenerCount('data'))) client.destroy();
      }
    },
    open: () => clients.size,
    drainedTo(n, withinMs) {
      return new Promise((resolve) => {
        const check = () => {
          if (clients.size > n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(clients.size);
        };
        const timer = setTimeout(() => { waiters.delete(check); resolve(clients.size); }, withinMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const c of clients.keys()) c.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
