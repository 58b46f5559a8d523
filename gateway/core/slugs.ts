// A slug as the gateway reads it: the snapshot's one resolver (snapshot/slugs.ts), the rule that
// slugs are lowercase, and the 404 and 410 every reader of a slug answers alike.
import { API_BASE } from '../../snapshot/contract.ts';
import { didYouMean } from '../../snapshot/edit-distance.ts';
import { nearestSlugs, resolveSlug, type SlugAnswer } from '../../snapshot/slugs.ts';
import type { RetiredTool } from '../../snapshot/types.ts';
import { clip, HttpError } from './responses.ts';
import type { SnapshotView } from './snapshot-view.ts';

export type Resource = 'tools' | 'categories';

/**
 * What a slug names as asked, or else as its lowercase (`lowercased`): a slug in capitals names
 * what its lowercase names.
 */
export function resolveAsked(view: SnapshotView, resource: Resource, asked: string): { answer: SlugAnswer; lowercased: boolean } {
  const table = view.slugs[resource];
  const exact = resolveSlug(table, asked);
  const lower = asked.toLowerCase();
  if (exact.kind !== 'unknown' || lower === asked) return { answer: exact, lowercased: false };
  const answer = resolveSlug(table, lower);
  return { answer, lowercased: answer.kind !== 'unknown' };
}

/**
 * The current item a slug names, capitals and renames followed (`movedFrom`: the slug asked, when
 * it is not the item's own); else the 404 or 410 the item path would answer.
 */
export function currentItem(view: SnapshotView, resource: Resource, asked: string): { index: number; movedFrom?: string } | HttpError {
  const { answer, lowercased } = resolveAsked(view, resource, asked);
  switch (answer.kind) {
    case 'unknown': return unknownSlug(view, resource, asked);
    case 'retired': return gone(view, answer.tool);
    case 'moved': return { index: answer.index, movedFrom: asked };
    case 'current': return lowercased ? { index: answer.index, movedFrom: asked } : { index: answer.index };
  }
}

/** 404 for a slug nothing has, naming the closest ones (API.md: did_you_mean, closest first). */
export function unknownSlug(view: SnapshotView, resource: Resource, slug: string): HttpError {
  const near = nearestSlugs(view.slugs[resource], slug);
  const hint = near.length > 0 ? didYouMean(near) : `Find one with ${API_BASE}/search or ${API_BASE}/${resource}.`;
  return new HttpError(404, 'NOT_FOUND', `No ${resource === 'tools' ? 'tool' : 'category'} with slug '${clip(slug)}'. ${hint}`, {}, { did_you_mean: near });
}

/** 410 for a retired tool, naming where its users went, in words and as data a program can follow. */
export function gone(view: SnapshotView, r: RetiredTool): HttpError {
  const where = r.successor !== null
    ? `its successor is '${r.successor}'`
    : `alternatives: ${r.alternatives.map((a) => `'${a}'`).join(', ')}`;
  const ref = (slug: string) => {
    const t = view.data.tools[view.slugs.tools.current.get(slug)!]!;
    return { slug: t.slug, name: t.name, url: t.url };
  };
  return new HttpError(410, 'GONE', `${r.name} was retired on ${r.retired_at} (${r.reason}); ${where}.`,
    r.successor !== null ? { Link: `<${API_BASE}/tools/${r.successor}>; rel="successor-version"` } : {},
    { retired_at: r.retired_at, successor: r.successor === null ? null : ref(r.successor), alternatives: r.alternatives.map(ref) });
}
