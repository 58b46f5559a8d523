// The keys CLI run in this process, for tests that need keys issued the way an operator issues
// them (test/keys-cli.test.ts tests the CLI itself).
import { runKeys } from '../gateway/cli/keys.ts';

/** Runs `npm run keys -- <args>` with `env` as its whole environment: its stdout, or a rejection with its stderr. */
export async function keysCommand(env: Record<string, string | undefined>, ...args: string[]): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await runKeys(args, { env, stdout: (text) => { stdout += text; }, stderr: (text) => { stderr += text; } });
  if (code !== 0) throw new Error(`keys ${args.join(' ')} exited with ${code}: ${stderr}`);
  return stdout;
}

/** Creates a key on `plan` (its --json output). */
export async function issueKey(env: Record<string, string | undefined>, plan = 'free'): Promise<{ id: string; key: string }> {
  return JSON.parse(await keysCommand(env, 'create', '--plan', plan, '--name', 'test', '--json'));
}
