// A curator's command as a function of its arguments and where it writes, so that tests run it in
// their own process (CONTRIBUTING's examples among them) and `npm run` runs it as a script.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CliIo {
  /** Text for stdout, newlines included. */
  stdout(text: string): void;
  /** Text for stderr, newlines included. */
  stderr(text: string): void;
  /** Whether to add GitHub Actions annotations (under Actions, GITHUB_ACTIONS=true). */
  github: boolean;
}

/** A command: its arguments in, its exit code out. */
export type Command = (argv: string[], io: CliIo) => Promise<number>;

/** Runs `command` with the process's arguments and streams when `moduleUrl` is the script node was asked to run. */
export async function runAsScript(moduleUrl: string, command: Command): Promise<void> {
  const script = process.argv[1];
  let isScript = false;
  try {
    isScript = script !== undefined && realpathSync(script) === fileURLToPath(moduleUrl);
  } catch {
    isScript = false;
  }
  if (!isScript) return;
  process.exitCode = await command(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    github: process.env.GITHUB_ACTIONS === 'true',
  });
}
