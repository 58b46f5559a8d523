// npm run keys -- <command>: the operator's tool to issue, revoke and list API keys. Keys are
// never issued over the API. The keys file (KEYS_FILE, default .data/keys.json) keeps only
// SHA-256 hashes, so a new key is printed once and cannot be shown again.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create, exportKeys, importKeys, list, revoke, rotate, usage } from './commands.ts';
import type { KeysIo } from './io.ts';

const USAGE = `Usage: npm run keys -- <command>

Commands:
  create --plan <plan> --name <label> [--json]   issue a new key; it is shown once
  revoke <id>                                    revoke a key by its id (key_...)
  list [--json]                                  list keys (never the keys themselves), and until when
                                                 a rotated key's previous secret stays valid
  rotate <id> [--grace 10m]                      a new secret for the same id, plan and name; the old one
                                                 is refused at once, or after the grace period (s, m, h)
  usage [id] [--json]                            requests per day over 30 days, and when each key was last used
  export                                         print every key's stored record (hashes, never keys) as JSON
  import <file>                                  add the records of an export that the store lacks (a restore)
  help                                           show this text

Keys live in Upstash Redis when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set
(servers see changes within 30 s), else in KEYS_FILE (default .data/keys.json; a running server
sees changes within a second). The plans are in PLANS_FILE (default gateway/plans.json).
`;

/** Runs one command of the keys CLI; resolves to its exit code (0, or 1 with one sentence on stderr). */
export async function runKeys(argv: string[], io: KeysIo): Promise<number> {
  try {
    return await command(argv, io);
  } catch (e) {
    // Operator mistakes and bad files (PlansFileError, KeysFileError) carry plain messages; anything
    // else is still one line, without a stack trace.
    io.stderr(`${(e as Error).message ?? String(e)}\n`);
    return 1;
  }
}

async function command(argv: string[], io: KeysIo): Promise<number> {
  const [name, ...rest] = argv;
  switch (name) {
    case 'create': return create(rest, io);
    case 'revoke': return revoke(rest, io);
    case 'list': return list(rest, io);
    case 'usage': return usage(rest, io);
    case 'rotate': return rotate(rest, io);
    case 'export': return exportKeys(rest, io);
    case 'import': return importKeys(rest, io);
    case 'help': case '--help': case '-h':
      io.stdout(USAGE);
      return 0;
    case undefined:
      io.stderr(USAGE);
      return 1;
    default:
      io.stderr(`Unknown command '${name}'.\n\n${USAGE}`);
      return 1;
  }
}

/** True when this file is the program node was asked to run (not a module imported by a test). */
function runAsScript(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (runAsScript()) {
  process.exitCode = await runKeys(process.argv.slice(2), {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
