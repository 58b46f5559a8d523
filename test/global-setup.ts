// Once before any test file runs: the project's snapshot and the Node bundles, as `npm start`'s
// pre-script makes them. Test files start servers from the bundles (server-process.ts); made here
// once, they are never rewritten while another file's server is starting from them, and a fresh
// clone builds its snapshot once instead of in every file that starts a server.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './helpers.ts';
import { TSX } from './server-process.ts';

export default function setup(): void {
  execFileSync(TSX, [path.join(ROOT, 'build/cli/ensure-built.ts')], { cwd: ROOT, stdio: 'inherit' });
}
