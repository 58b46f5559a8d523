// Renaming a tool keeps its identity: the file moves to the new slug, the old slug joins
// former_slugs (so it keeps answering 301), updated_at becomes today, and every record that names
// the tool (a live tool's successor, a retired record's successor and alternatives) names it by
// the new slug, so the catalog validates right after.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SLUG_MAX, SLUG_PATTERN } from '../snapshot/contract.ts';
import type { RetiredFile, ToolFile } from '../snapshot/schema.ts';
import { formatRetired, formatTool } from './format.ts';

/** A rename that cannot be done, said in one sentence. */
export class RenameError extends Error {}

/** Renames tool `from` to `to` in `catalog`; returns the files it wrote or removed, for the curator. */
export async function renameTool(catalog: string, from: string, to: string, today = new Date().toISOString().slice(0, 10)): Promise<string[]> {
  const tools = path.join(catalog, 'tools');
  const source = path.join(tools, `${from}.json`);
  const tool = await readFile(source, 'utf8').then((t) => JSON.parse(t) as ToolFile, () => undefined);
  if (!tool) throw new RenameError(`No tool '${from}': ${source} does not exist (run npm run validate to see the tools).`);
  if (to.length > SLUG_MAX || !SLUG_PATTERN.test(to)) throw new RenameError(`'${to}' is not a slug: use lowercase words of a-z and 0-9 joined by single hyphens, at most ${SLUG_MAX} characters.`);
  if (to === from) throw new RenameError(`'${from}' already has that slug; nothing to do.`);
  await refuseTaken(catalog, to, from);
  const renamed: ToolFile = { ...tool, slug: to, former_slugs: [...new Set([...(tool.former_slugs ?? []), from])].filter((s) => s !== to), updated_at: today };
  const target = path.join(tools, `${to}.json`);
  await writeFile(target, formatTool(renamed));
  await rm(source);
  return [target, `${source} (removed)`, ...await updateReferences(catalog, 'tools', from, to, today), ...await updateReferences(catalog, 'retired', from, to, today)];
}

/** A slug that is a current tool's, a retired tool's, or another tool's former slug never means two things. */
async function refuseTaken(catalog: string, slug: string, renaming: string): Promise<void> {
  const exists = (file: string) => readFile(file).then(() => true, () => false);
  if (await exists(path.join(catalog, 'tools', `${slug}.json`))) throw new RenameError(`'${slug}' is already a tool (catalog/tools/${slug}.json); pick another slug.`);
  if (await exists(path.join(catalog, 'retired', `${slug}.json`))) throw new RenameError(`'${slug}' belongs to a retired tool (catalog/retired/${slug}.json), which still answers 410; slugs are never reused.`);
  for (const name of await readdir(path.join(catalog, 'tools'))) {
    if (!name.endsWith('.json') || name === `${renaming}.json`) continue;
    const other = JSON.parse(await readFile(path.join(catalog, 'tools', name), 'utf8')) as ToolFile;
    if (other.former_slugs?.includes(slug)) throw new RenameError(`'${slug}' is a former slug of '${other.slug}' (it answers 301 to that tool); pick another slug.`);
  }
}

/**
 * The records of one folder that name the tool as successor or alternative now name its new slug;
 * a live tool's updated_at becomes today, since its answer changed. Returns the files written.
 */
async function updateReferences(catalog: string, kind: 'tools' | 'retired', from: string, to: string, today: string): Promise<string[]> {
  const dir = path.join(catalog, kind);
  const names = await readdir(dir).catch(() => [] as string[]);
  const written: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, name);
    const record = JSON.parse(await readFile(file, 'utf8')) as { successor?: string | null; alternatives?: string[] };
    if (record.successor !== from && !record.alternatives?.includes(from)) continue;
    const updated = { ...record, ...(record.successor === from && { successor: to }), ...(record.alternatives && { alternatives: record.alternatives.map((a) => (a === from ? to : a)) }) };
    await writeFile(file, kind === 'tools' ? formatTool({ ...updated as ToolFile, updated_at: today }) : formatRetired(updated as RetiredFile));
    written.push(file);
  }
  return written;
}
