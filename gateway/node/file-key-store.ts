// FileKeyStore: the embedded default KeyStore, over the keys file the operator CLI writes.
// Lookups are a Map read; the file is re-read in the background when it changes, so a key the
// CLI creates or revokes takes effect on a running server within a second, without a restart.
// A file that turns bad, disappears, is not a regular file (a FIFO), or whose stat or read does
// not finish within 1 s (a hung network filesystem) is an outage: the last good copy answers for
// 30 s, then lookups fail (503). A file system call that hangs is never issued twice at once.
import { constants, watch, type FSWatcher, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { KeyRecord } from '../core/key-record.ts';
import { KeysFileError, keysFilePath, parseKeysFile } from './keys-file.ts';
import { withDeadline } from '../core/deadline.ts';
import { KeyStoreUnavailableError, type KeyLookup, type KeyStore } from '../core/key-store.ts';

export interface FileKeyStoreOptions {
  /**
   * How long a file that stopped reading well (corrupt mid-edit, unreadable) is answered from the
   * last good copy before lookups fail with KeyStoreUnavailableError. The contract's 30 s.
   */
  graceMs?: number;
  /** Interval of the stat poll that backs up fs.watch (which can miss events on some filesystems). */
  pollMs?: number;
  /** Use fs.watch as well as the poll (default true; false shows that the poll alone suffices). */
  watch?: boolean;
  /** The clock of the grace period. */
  now?: () => number;
  /** Where the one-line notices about the file go. */
  log?: (line: string) => void;
}

const UNKNOWN: KeyLookup = Object.freeze({ status: 'unknown' });

export class FileKeyStore implements KeyStore {
  /**
   * Opens the store and reads the file once. A missing file is a store with no keys; a file that
   * exists but is invalid rejects with KeysFileError, so a server does not start on a broken file.
   */
  static async open(file: string = keysFilePath(), options: FileKeyStoreOptions = {}): Promise<FileKeyStore> {
    const store = new FileKeyStore(file, options);
    const first = await store.read();
    if (!first.ok) {
      await store.close();
      throw first.error;
    }
    store.accept(first.lookups, first.signature);
    store.start();
    return store;
  }

  private lookups = new Map<string, KeyLookup | Retiring>();
  /** Identity of the file version in `lookups` (inode, size, times), or 'missing'. */
  private signature = '';
  /** Once a real file has been read, its disappearance is an outage, not "no keys". */
  private seenFile = false;
  /** A stat or read that has not finished yet (hung): no other is started until it does. */
  private stuck: Promise<unknown> | null = null;
  /** When reads started failing; null while the last read was good. */
  private failingSince: number | null = null;
  private readonly absolute: string;
  private readonly graceMs: number;
  private readonly pollMs: number;
  private readonly useWatch: boolean;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private watcher: FSWatcher | null = null;
  private poller: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private closed = false;

  private constructor(private readonly file: string, options: FileKeyStoreOptions) {
    this.absolute = path.resolve(file);
    this.graceMs = options.graceMs ?? 30_000;
    this.pollMs = options.pollMs ?? 250;
    this.useWatch = options.watch ?? true;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((line) => console.error(line));
  }

  async lookup(hash: string): Promise<KeyLookup> {
    this.checkReadable();
    const found = this.lookups.get(hash) ?? UNKNOWN;
    if (!('until' in found)) return found;
    return this.now() < found.until ? found.lookup : found.revoked;
  }

  async ready(): Promise<void> {
    this.checkReadable();
  }

  /** The last good copy answers for `graceMs` after the file stopped reading well; then the store is unavailable. */
  private checkReadable(): void {
    if (this.failingSince !== null && this.now() - this.failingSince >= this.graceMs) {
      throw new KeyStoreUnavailableError(`keys file ${this.file} has not been readable for ${Math.round(this.graceMs / 1000)} s`);
    }
  }

  /**
   * True while a file system call on the keys file has hung for more than 1 s. Its thread cannot
   * be cancelled and Node's exit waits for it, so the server must then end without waiting.
   */
  hung(): boolean {
    return this.stuck !== null;
  }

  /** Stops watching; pending reloads finish first so nothing touches the file afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    this.stopWatching();
    await this.reloading;
  }

  private start(): void {
    this.startWatching();
    this.poller = setInterval(() => void this.poll(), this.pollMs);
    this.poller.unref();
  }

  // The CLI replaces the file by rename, which gives it a new inode: a watch on the file itself
  // would go on watching the old one, so the directory is watched and events filtered by name.
  private startWatching(): void {
    if (this.watcher || this.closed || !this.useWatch) return;
    const base = path.basename(this.absolute);
    try {
      this.watcher = watch(path.dirname(this.absolute), { persistent: false }, (_event, name) => {
        if (name === null || name.toString() === base) this.reload();
      });
      this.watcher.on('error', () => this.stopWatching());
    } catch {
      // The directory does not exist yet (no key created): the poll notices when it appears.
      this.watcher = null;
    }
  }

  private stopWatching(): void {
    this.watcher?.close();
    this.watcher = null;
  }

  private async poll(): Promise<void> {
    if (this.closed || this.stuck) return;
    this.startWatching();
    let current: string;
    try {
      current = signatureOf(await this.timely(stat(this.absolute)));
    } catch (e) {
      current = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
    }
    // While failing, retry on every poll: a cause the stat cannot show (a parent folder made
    // readable again) clears without waiting for the file to change.
    if (current !== this.signature || this.failingSince !== null) this.reload();
  }

  /** Runs one read at a time; a change seen during a read triggers one more read after it. */
  private reload(): void {
    if (this.closed || this.stuck) return;
    if (this.reloading) {
      this.reloadAgain = true;
      return;
    }
    this.reloading = this.read().then((result) => {
      if (this.closed) return;
      if (result.ok) this.accept(result.lookups, result.signature);
      else this.fail(result.error);
    }).finally(() => {
      this.reloading = null;
      if (this.reloadAgain) {
        this.reloadAgain = false;
        this.reload();
      }
    });
  }

  private accept(lookups: Map<string, KeyLookup | Retiring>, signature: string): void {
    this.lookups = lookups;
    this.signature = signature;
    if (signature !== 'missing') this.seenFile = true;
    if (this.failingSince !== null) {
      this.log(`keys: ${this.file} reads well again (${lookups.size} keys)`);
      this.failingSince = null;
    }
  }

  private fail(error: Error): void {
    if (this.failingSince !== null) return;
    this.failingSince = this.now();
    this.log(`keys: ${error.message}; answering from the last good copy for up to ${Math.round(this.graceMs / 1000)} s`);
  }

  /**
   * A file system call that must finish within 1 s, else it counts as unreachable. A call that
   * hangs keeps its thread; until it settles no other is started, so hung calls never pile up.
   */
  private timely<T>(work: Promise<T>): Promise<T> {
    return withDeadline(work, () => {
      const pending = work.then(() => {}, () => {}).finally(() => { if (this.stuck === pending) this.stuck = null; });
      this.stuck = pending;
      return new KeysFileError(`keys file ${this.file} did not answer within 1 s`);
    });
  }

  // The stat comes from the same open file that is read, so the signature always matches the
  // content: a change racing the read shows up as a different signature on the next poll. The
  // file is opened non-blocking, so a FIFO in its place cannot hold the open forever.
  private async read(): Promise<{ ok: true; lookups: Map<string, KeyLookup | Retiring>; signature: string } | { ok: false; error: Error }> {
    let handle;
    try {
      handle = await this.timely(open(this.absolute, constants.O_RDONLY | constants.O_NONBLOCK));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return { ok: false, error: new KeysFileError(`keys file ${this.file} cannot be read: ${(e as Error).message}`) };
      if (this.seenFile) return { ok: false, error: new KeysFileError(`keys file ${this.file} was deleted`) };
      return { ok: true, lookups: new Map(), signature: 'missing' };
    }
    try {
      const stats = await this.timely(handle.stat());
      if (!stats.isFile()) return { ok: false, error: new KeysFileError(`keys file ${this.file} is not a regular file`) };
      const records = parseKeysFile(await this.timely(handle.readFile('utf8')), this.file);
      return { ok: true, lookups: lookupsOf(records), signature: signatureOf(stats) };
    } catch (e) {
      return { ok: false, error: e as Error };
    } finally {
      void handle.close().catch(() => {});
    }
  }
}

/** Each hash's answer; a rotated key's old hash answers as the key until its grace ends (then: revoked). */
function lookupsOf(records: readonly KeyRecord[]): Map<string, KeyLookup | Retiring> {
  const out = new Map<string, KeyLookup | Retiring>();
  for (const r of records) {
    const lookup: KeyLookup = Object.freeze(r.status === 'active' ? { status: 'active', id: r.id, plan: r.plan } : { status: 'revoked', id: r.id });
    out.set(r.hash, lookup);
    if (r.previous && r.status === 'active') out.set(r.previous.hash, { lookup, until: Date.parse(r.previous.until), revoked: Object.freeze({ status: 'revoked', id: r.id }) });
  }
  return out;
}

/** The old hash of a key rotated with a grace period. */
interface Retiring { lookup: KeyLookup; until: number; revoked: KeyLookup }

function signatureOf(s: Stats): string {
  return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
}
