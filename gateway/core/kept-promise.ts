// Work done once and then shared (a search index loaded, an engine built), except that a failure
// is not kept: the next caller tries again, so an outage of what the work needs does not last
// beyond the outage itself.

/** `make`, called on first use and its promise kept for every later call, until one rejects: the next call then makes it again. */
export function keptUntilRejected<T>(make: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    if (kept === undefined) {
      const made = make();
      kept = made;
      made.catch(() => { if (kept === made) kept = undefined; });
    }
    return kept;
  };
}
