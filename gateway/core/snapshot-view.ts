// The snapshot as the gateway holds it: parsed once per process, with the lookups a request needs
// (slug -> index, prebuilt key -> ETag, items serialized once). Platform-neutral: the Node adapter
// fills it from dist/ on disk, the edge adapter from its bundle.
import { encodeItems, type EncodedItems } from '../../snapshot/lists.ts';
import { importSearchIndex, type SearchIndex, type SerializedIndex } from '../../snapshot/search-index.ts';
import { slugTables, type SlugTables } from '../../snapshot/slugs.ts';
import type { RoutingManifest, SnapshotData } from '../../snapshot/types.ts';
import { keptUntilRejected } from './kept-promise.ts';

export interface SnapshotView {
  id: string;
  data: SnapshotData;
  manifest: RoutingManifest;
  /** Every tool and category serialized once, as UTF-8. */
  toolItems: EncodedItems;
  categoryItems: EncodedItems;
  /** What each slug of a tool or category names (snapshot/slugs.ts). */
  slugs: SlugTables;
  groups: Set<string>;
  pricing: Set<string>;
  platforms: Set<string>;
  /**
   * The search index of this snapshot, imported on first use and then kept (a failed import is
   * tried again). The Node adapter asks for it while it loads the snapshot, so data and index
   * arrive as one unit; the edge bundles it, or fetches it from the snapshot's own CDN folder.
   */
  searchIndex(): Promise<SearchIndex>;
}

export function createSnapshotView(
  manifest: RoutingManifest,
  data: SnapshotData,
  loadIndex: () => Promise<SerializedIndex>,
): SnapshotView {
  return {
    id: manifest.snapshot,
    data,
    manifest,
    toolItems: encodeItems(data.tools),
    categoryItems: encodeItems(data.categories),
    slugs: slugTables(data),
    groups: new Set(data.groups),
    pricing: new Set(data.pricing),
    platforms: new Set(data.platforms),
    searchIndex: keptUntilRejected(() => loadIndex().then(importSearchIndex)),
  };
}
