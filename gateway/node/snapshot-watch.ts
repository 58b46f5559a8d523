// A running server picks up a rebuilt snapshot by itself. The build swaps dist/ in by rename, so
// the manifest's identity (inode, size, time) changes with every new snapshot; it is polled, and a
// snapshot with a new id is loaded whole before it replaces the one being served. A load that
// fails (a build caught mid-swap, a broken file) is logged and tried again at the next change.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadSnapshot, type LoadedSnapshot } from './load.ts';

export interface SnapshotWatch { stop(): void }

/** How often dist/manifest.json is looked at. */
export const SNAPSHOT_POLL_MS = 1_000;

export function watchSnapshot(dist: string, current: LoadedSnapshot, replace: (next: LoadedSnapshot) => void, log: (line: string) => void, pollMs = SNAPSHOT_POLL_MS): SnapshotWatch {
  const manifest = path.join(dist, 'manifest.json');
  let seen = '';
  let served = current.view.id;
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      const s = await stat(manifest).catch(() => undefined);
      const identity = s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '';
      if (identity === seen || identity === '') return;
      seen = identity;
      const next = await loadSnapshot(dist);
      if (next.view.id === served) return;
      log(`snapshot ${served} -> ${next.view.id} (${next.view.data.tools.length} tools): serving the new one; requests in flight finish on the old one`);
      served = next.view.id;
      replace(next);
    } catch (e) {
      log(`snapshot in ${dist} changed but could not be loaded (${(e as Error).message}); still serving ${served}`);
      seen = '';
    } finally {
      busy = false;
    }
  };
  void stat(manifest).then((s) => { seen = `${s.ino}:${s.size}:${s.mtimeMs}`; }, () => {});
  const timer = setInterval(() => void look(), pollMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
