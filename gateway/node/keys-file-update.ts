// Changes to the keys file: read, change and write under a lock, so two runs of the keys CLI at
// once cannot lose each other's keys (a lost record would be a key shown to someone that never
// works). The lock file holds its owner's PID.
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { KeyRecord } from '../core/key-record.ts';
import { KeysFileError, readKeysFile, writeKeysFile } from './keys-file.ts';

/** Read, change and write the file under its lock. `change` may throw to abort without writing; its error passes through. */
export async function updateKeysFile<T>(
  file: string,
  change: (records: KeyRecord[]) => { records: KeyRecord[]; result: T },
): Promise<T> {
  const release = await lock(file);
  try {
    const { records, result } = change(await readKeysFile(file));
    await writeKeysFile(file, records);
    return result;
  } finally {
    await release();
  }
}

const LOCK_WAIT_MS = 5_000;
/** A lock older than this was left by a run that died: no update takes anywhere near as long. */
const LOCK_STALE_MS = 30_000;

/**
 * Takes the lock of `file`, waiting up to 5 s for another run to release it; resolves to its
 * release. A lock whose owner is no longer running (a run killed mid-update) is taken over at
 * once; a lock whose owner cannot be told is stale after 30 s.
 */
async function lock(file: string): Promise<() => Promise<void>> {
  const lockFile = `${file}.lock`;
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + LOCK_WAIT_MS;
  while (true) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (await abandoned(lockFile)) {
      await rm(lockFile, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      const owner = await readFile(lockFile, 'utf8').then((t) => t.trim(), () => '?');
      throw new KeysFileError(`keys file ${file} is locked by another run of the keys command (PID ${owner}); if none is running, delete ${lockFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function abandoned(lockFile: string): Promise<boolean> {
  let text: string;
  let age: number;
  try {
    [text, age] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile).then((s) => Date.now() - s.mtimeMs)]);
  } catch {
    return false; // released meanwhile: the next attempt takes it
  }
  const pid = Number(text.trim());
  if (Number.isInteger(pid) && pid > 0) return !running(pid) || age > LOCK_STALE_MS;
  // No PID yet: its owner is between creating and writing it, or died there.
  return age > 1_000;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
