// A real Redis for the tests: Debian's redis-server on a free loopback port, in a temp folder,
// with persistence off. It can be stopped and started again on the same port to test outages.
// Missing redis-server skips the Redis tests with a message, except under CI=true, where it fails.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
export const haveRedis = spawnSync(REDIS_SERVER, ['--version']).status === 0;
if (!haveRedis && process.env.CI === 'true') {
  throw new Error(`${REDIS_SERVER} is missing: .ci/run installs Debian's redis-server; CI never skips the Redis tests.`);
}
if (!haveRedis) console.warn(`Skipping the Redis tests: ${REDIS_SERVER} is not installed (apt-get install -y redis-server).`);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

export class RedisServer {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string { return `redis://127.0.0.1:${this.port}`; }

  async start(): Promise<void> {
    this.child = spawn(REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'], { stdio: 'ignore' });
    for (let i = 0; i < 200; i++) {
      if (await reachable(this.port)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Freezes the server (SIGSTOP): connections stay open and every command hangs, as on a network partition. */
  pause(): void { this.child?.kill('SIGSTOP'); }
  resume(): void { this.child?.kill('SIGCONT'); }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGCONT');
    await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGKILL'); });
  }
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => { socket.end(); resolve(true); });
    socket.on('error', () => resolve(false));
  });
}
