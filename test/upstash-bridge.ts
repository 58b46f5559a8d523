// An Upstash-REST-compatible HTTP server over a real Redis, so the production clients
// (@upstash/redis, and @upstash/ratelimit's scripts) run unchanged in tests. The protocol, as the client sends it
// (see DESIGN.md): POST / with one command as a JSON array, POST /pipeline and /multi-exec with an
// array of commands; `Authorization: Bearer <token>`; results base64-encoded when the client asks
// with `Upstash-Encoding: base64`. Upstash-only Lua flags are removed for Redis 7.0.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { createClient } from 'redis';

type Client = ReturnType<typeof connectTo>;
const connectTo = (url: string) => createClient({ url, RESP: 2, socket: { connectTimeout: 500, reconnectStrategy: false } });

export interface Bridge { url: string; token: string; close(): Promise<void> }

const UPSTASH_SHEBANG = /^#!lua flags=allow-key-locking\n/;
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

export async function startBridge(redisUrl: string, token = 'test-token'): Promise<Bridge> {
  let client: Client | null = null;
  /** The client's SHA of a script -> the SHA of the script Redis was given. */
  const shas = new Map<string, string>();

  async function redis(): Promise<Client> {
    if (client?.isReady) return client;
    const fresh = connectTo(redisUrl);
    fresh.on('error', () => {});
    await fresh.connect();
    client = fresh;
    return fresh;
  }

  function rewrite(command: unknown[]): string[] {
    const args = command.map((a) => (typeof a === 'string' ? a : JSON.stringify(a)));
    const name = args[0]?.toUpperCase();
    if ((name === 'EVAL' || (name === 'SCRIPT' && args[1]?.toUpperCase() === 'LOAD'))) {
      const at = name === 'EVAL' ? 1 : 2;
      const original = args[at]!;
      const script = original.replace(UPSTASH_SHEBANG, '#!lua\n');
      shas.set(sha1(original), sha1(script));
      args[at] = script;
    } else if (name === 'EVALSHA' && shas.has(args[1]!)) {
      args[1] = shas.get(args[1]!)!;
    }
    return args;
  }

  async function run(command: unknown[], base64: boolean): Promise<{ result: unknown } | { error: string }> {
    try {
      const reply = await (await redis()).sendCommand(rewrite(command));
      return { result: encode(reply, base64) };
    } catch (e) {
      const message = (e as Error).message;
      if (/ECONNREFUSED|closed|not connected|Socket|connect/i.test(message)) throw e;
      return { error: message };
    }
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', async () => {
      const reply = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${token}`) return reply(401, { error: 'Unauthorized' });
      const base64 = req.headers['upstash-encoding'] === 'base64';
      try {
        const parsed = JSON.parse(body) as unknown[];
        if (req.url === '/pipeline' || req.url === '/multi-exec') {
          const results = [];
          for (const command of parsed as unknown[][]) results.push(await run(command, base64));
          return reply(200, results);
        }
        const result = await run(parsed, base64);
        return reply('error' in result ? 400 : 200, result);
      } catch (e) {
        client = null;
        return reply(503, { error: `Redis unreachable: ${(e as Error).message}` });
      }
    });
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
      await client?.quit().catch(() => {});
    },
  };
}

function encode(value: unknown, base64: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => encode(v, base64));
  if (typeof value === 'string') return base64 && value !== 'OK' ? Buffer.from(value).toString('base64') : value;
  if (Buffer.isBuffer(value)) return base64 ? value.toString('base64') : value.toString();
  return value ?? null;
}
