// The keys CLI's input and output: where a run reads and writes, its arguments, and the one
// sentence an operator's mistake is answered with.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Where a run reads its settings and writes its output (the process's own, when run as a script). */
export interface KeysIo {
  env: Record<string, string | undefined>;
  /** Text for stdout, newlines included. */
  stdout(text: string): void;
  /** Text for stderr, newlines included. */
  stderr(text: string): void;
}

/** A mistake of the operator's: printed as one sentence, exit 1, no stack trace. */
export class CliError extends Error {}

/** parseArgs, with its errors turned into one sentence that names the command. */
export function parse<O extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: O, maxPositionals: number) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const option = /'(-[^' ]+)/.exec((e as Error).message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new CliError(`${command} does not take the option ${option}; run "npm run keys -- help" for usage.`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new CliError(`Option ${option} of ${command} needs a value.`);
    throw new CliError(`${command}: ${(e as Error).message.split('\n')[0]}`);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new CliError(`${command} got an unexpected argument '${parsed.positionals[maxPositionals]}'; run "npm run keys -- help" for usage.`);
  }
  return parsed;
}

/** Rows under a header, each column as wide as its widest cell. */
export function printTable(header: string[], rows: string[][], stdout: KeysIo['stdout']): void {
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  for (const row of table) stdout(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()}\n`);
}

/** A name on one line, whatever control characters it holds. */
export function oneLine(s: string): string {
  return s.replace(/\p{Cc}/gu, ' ');
}
