// The embedded default's usage: counted in the memory of the one process that counts requests
// (the server, or the primary of its workers) and written every few seconds, atomically, to a
// file beside the keys file, which the workers and the keys CLI read. On start the file is read
// back, so a restart keeps the counts.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addUsage, usageOf, type KeyUsage, type Usage, type UsageStore } from '../core/usage.ts';

/** Where the usage of a keys file is kept: usage.json beside it. */
export const usageFilePath = (keysFile: string) => path.join(path.dirname(path.resolve(keysFile)), 'usage.json');

/** How often counts are written when they changed. */
const WRITE_MS = 5_000;

export class FileUsageStore implements UsageStore {
  /** The store of the process that counts: it records and writes. */
  static async writer(file: string, log: (line: string) => void = (l) => console.error(l)): Promise<FileUsageStore> {
    const store = new FileUsageStore(file, log, true);
    store.usage = await readUsage(file);
    store.timer = setInterval(() => void store.flush(), WRITE_MS);
    store.timer.unref();
    return store;
  }

  /** A store that only reads what the counting process wrote (a worker, the keys CLI). */
  static reader(file: string): FileUsageStore {
    return new FileUsageStore(file, () => {}, false);
  }

  private usage = new Map<string, KeyUsage>();
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;

  private constructor(private readonly file: string, private readonly log: (line: string) => void, private readonly writes: boolean) {}

  record(id: string, at: number, requests: number, limited: number): void {
    if (!this.writes) return;
    this.usage.set(id, addUsage(this.usage.get(id), at, requests, limited));
    this.dirty = true;
  }

  async read(id: string, days: readonly string[]): Promise<Usage> {
    const usage = this.writes ? this.usage : await readUsage(this.file);
    return usageOf(usage.get(id), days);
  }

  /** Writes the counts if they changed since the last write (by rename: a reader sees a whole file). */
  async flush(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(temp, JSON.stringify({ keys: Object.fromEntries(this.usage) }));
      await rename(temp, this.file);
    } catch (e) {
      this.dirty = true;
      this.log(`usage file ${this.file} could not be written (${(e as Error).message}); trying again in ${WRITE_MS / 1000} s`);
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}

/** The counts in a usage file; none when it is missing or unreadable (usage is a report, never a reason to refuse). */
async function readUsage(file: string): Promise<Map<string, KeyUsage>> {
  try {
    const json = JSON.parse(await readFile(file, 'utf8')) as { keys?: Record<string, KeyUsage> };
    return new Map(Object.entries(json.keys ?? {}));
  } catch {
    return new Map();
  }
}
