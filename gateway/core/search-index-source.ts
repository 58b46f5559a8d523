// Where the gateway gets the serialized search index. The Node adapter reads dist/ from disk. The
// edge deployment bundles the index while the whole bundle stays under the 1 MB gzip edge limit
// (about 74 KB gzip for ~300 tools); past that it fetches dist/search-index.json from the CDN that
// serves the snapshot, once per instance, on the first search (SnapshotView.search memoizes it and
// retries after a failed fetch). A failed fetch answers that search with 503, never 500.
import type { SerializedIndex } from '../../snapshot/search-index.ts';

export class SearchIndexUnavailableError extends Error {}

export function fetchSearchIndex(url: string, fetchFn: typeof fetch = fetch): () => Promise<SerializedIndex> {
  return async () => {
    let response: Response;
    try {
      response = await fetchFn(url, { headers: { Accept: 'application/json' } });
    } catch (e) {
      throw new SearchIndexUnavailableError(`search index fetch from ${url} failed: ${(e as Error).message}`);
    }
    if (!response.ok) throw new SearchIndexUnavailableError(`search index fetch from ${url} answered ${response.status}`);
    return (await response.json()) as SerializedIndex;
  };
}
