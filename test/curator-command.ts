// A curator's command (build/cli/) run in this process: tests of what it does need no process of
// their own (test/validate.test.ts runs one as a script, for the exit code and the annotations).
import type { Command } from '../build/cli/io.ts';

export interface CommandOutput { stdout: string; stderr: string }

/** Runs `command` with `args`: its output, or a rejection carrying its output and exit code. */
export async function runCommand(command: Command, ...args: string[]): Promise<CommandOutput> {
  const out = { stdout: '', stderr: '' };
  const code = await command(args, { stdout: (text) => { out.stdout += text; }, stderr: (text) => { out.stderr += text; }, github: false });
  if (code !== 0) throw Object.assign(new Error(`exited with ${code}: ${out.stderr}`), out, { code });
  return out;
}
