// GET /api/v1/tools/{slug} and /api/v1/categories/{slug}: the prebuilt body of the current item
// (only some fields of a tool when asked), 301 for a former slug or one in capitals, 410 for a
// retired tool, 404 naming the closest slugs.
import { API_BASE } from '../../snapshot/contract.ts';
import { categoryKey, pageTag, toolKey } from '../../snapshot/lists.ts';
import type { Tool } from '../../snapshot/types.ts';
import { pick } from './pages.ts';
import { toolQuery, type RawParams } from './params.ts';
import { clip, HttpError, type Answer } from './responses.ts';
import { gone, resolveAsked, unknownSlug, type Resource } from './slugs.ts';
import type { SnapshotView } from './snapshot-view.ts';

/** `checkQuery` runs once the slug is known to answer (route, then parameters, as API.md orders). */
export function itemAnswer(view: SnapshotView, resource: Resource, slug: string, checkQuery: () => RawParams): Answer {
  const { answer, lowercased } = resolveAsked(view, resource, slug);
  if (answer.kind === 'unknown') throw unknownSlug(view, resource, slug);
  if (lowercased) {
    const lower = slug.toLowerCase();
    throw new HttpError(301, 'MOVED_PERMANENTLY', `Slugs are lowercase: '${clip(slug)}' is '${lower}'.`, { Location: `${API_BASE}/${resource}/${lower}` });
  }
  const params = checkQuery();
  switch (answer.kind) {
    case 'moved': throw new HttpError(301, 'MOVED_PERMANENTLY', `${resource === 'tools' ? 'Tool' : 'Category'} '${slug}' is now '${answer.to}'.`, { Location: `${API_BASE}/${resource}/${answer.to}` });
    case 'retired': throw gone(view, answer.tool);
    case 'current': return resource === 'tools' ? toolAnswer(view, view.data.tools[answer.index]!, params) : prebuilt(view, categoryKey(slug));
  }
}

/** A tool: its prebuilt body, or only the fields asked for; with the Sunset header when its service ends. */
function toolAnswer(view: SnapshotView, tool: Tool, params: RawParams): Answer {
  let answer = prebuilt(view, toolKey(tool.slug));
  if (params.has('fields')) {
    const fields = toolQuery(params, view).fields!;
    answer = { status: 200, body: encoder.encode(JSON.stringify({ data: pick(tool, fields) })), etag: pageTag(view.id, `tool\0${tool.slug}\0${fields.join(',')}`) };
  }
  return tool.sunset_at ? { ...answer, headers: sunsetHeaders(tool) } : answer;
}

export function prebuilt(view: SnapshotView, key: string): Answer {
  const entry = view.manifest.bodies[key];
  if (!entry) throw new Error(`prebuilt body missing from the manifest: ${key}`);
  return { status: 200, body: null, etag: entry.etag, prebuilt: key };
}

const encoder = new TextEncoder();

/** RFC 8594: when a tool's service ends (the end of its last day), and what replaces it (RFC 8288 successor-version). */
function sunsetHeaders(tool: Tool): Record<string, string> {
  const headers: Record<string, string> = { Sunset: new Date(`${tool.sunset_at}T23:59:59Z`).toUTCString() };
  if (tool.successor) headers.Link = `<${API_BASE}/tools/${tool.successor}>; rel="successor-version"`;
  return headers;
}
