// `npm start` as a child process for end-to-end tests: the snapshot is ensured, then the server
// runs (exec, so signals reach it); its output is collected and its port known.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './helpers.ts';
import { freePort } from './redis-server.ts';

export const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/**
 * What `npm start` and `npm run mcp` run (their pre-scripts, then node on the bundle, exec'd so
 * signals reach it), from any folder: the snapshot in DIST_DIR built from CATALOG_DIR when
 * missing, and the bundles made when stale (test/global-setup.ts makes them once before the files run).
 */
export const npmScript = (entry: 'start' | 'mcp-stdio') => `"${TSX}" "${path.join(ROOT, 'build/cli/ensure-built.ts')}" && exec "${process.execPath}" "${path.join(ROOT, `gateway/bundle/${entry}.mjs`)}"`;

export interface ServerProcess { base: string; port: number; child: ChildProcess; output(): string; stop(): Promise<void> }

/** Starts `npm start` with `env` and waits (up to 60 s on a busy machine) until it listens. */
export async function startServer(env: NodeJS.ProcessEnv, cwd: string, ready = /API on http/): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn('sh', ['-c', npmScript('start')], { cwd, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const started = new Promise<void>((resolve) => {
    const collect = (d: Buffer) => { output += d; if (ready.test(output)) resolve(); };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', () => resolve());
    setTimeout(resolve, 60_000).unref();
  });
  await started;
  if (!ready.test(output)) throw new Error(`server did not start:\n${output}`);
  // Workers of a cluster start listening a moment after the primary prints.
  for (let i = 0; i < 200; i++) {
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    base: `http://127.0.0.1:${port}`, port, child, output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
    },
  };
}

/** Waits, when needed, so that the next `seconds` do not cross a minute boundary (fixed windows). */
export async function awayFromMinuteEnd(seconds = 8): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((r) => setTimeout(r, left + 200));
}
