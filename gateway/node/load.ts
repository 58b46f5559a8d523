// Reads a snapshot from dist/ into memory once, whole: its data, its search index (imported, so a
// broken one fails the load) and every prebuilt body with its compressed variants, so a request
// for a prebuilt page is a map lookup and a socket write. Every file comes from the one folder
// dist/ names when the load starts (a build makes another current by one rename, and removes the
// old one later); a load that finds the manifest changed under it, or its files gone, fails, and
// the watcher tries again, rather than serving one snapshot's data with another's index.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { SerializedIndex } from '../../snapshot/search-index.ts';
import type { Manifest, SnapshotData } from '../../snapshot/types.ts';
import { createSnapshotView, type SnapshotView } from '../core/snapshot-view.ts';

export interface PrebuiltBytes { identity: Buffer; gzip?: Buffer; br?: Buffer }

export interface LoadedSnapshot {
  view: SnapshotView;
  bodies: Map<string, PrebuiltBytes>;
}

/** dist/ changed to another snapshot while it was being read. */
export class SnapshotChangedError extends Error {}

export async function loadSnapshot(link: string): Promise<LoadedSnapshot> {
  // dist/ links to the current generation of the build: every file is read from the one it names now.
  const dist = await realpath(link);
  const readManifest = async (folder: string) => JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  const manifest = await readManifest(dist);
  const data = JSON.parse(await readFile(path.join(dist, manifest.files.data), 'utf8')) as SnapshotData;
  let index: SerializedIndex | undefined = JSON.parse(await readFile(path.join(dist, manifest.files.search_index), 'utf8'));
  const bodies = new Map<string, PrebuiltBytes>();
  const entries = Object.entries(manifest.bodies);
  for (let i = 0; i < entries.length; i += 64) {
    await Promise.all(entries.slice(i, i + 64).map(async ([key, b]) => {
      const [identity, gzip, br] = await Promise.all([
        readFile(path.join(dist, b.path)),
        b.gzip ? readFile(path.join(dist, b.gzip.path)) : undefined,
        b.br ? readFile(path.join(dist, b.br.path)) : undefined,
      ]);
      bodies.set(key, { identity, ...(gzip && { gzip }), ...(br && { br }) });
    }));
  }
  const now = (await readManifest(dist)).snapshot;
  if (now !== manifest.snapshot) throw new SnapshotChangedError(`${link} changed from snapshot ${manifest.snapshot} to ${now} while it was being read`);
  // The serialized index is handed over once and then let go: the imported one is what is kept.
  const view = createSnapshotView(manifest, data, async () => { const serialized = index!; index = undefined; return serialized; });
  await view.searchIndex();
  return { view, bodies };
}
