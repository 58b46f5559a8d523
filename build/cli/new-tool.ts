// npm run new-tool -- "<Name>": writes catalog/tools/<slug>.json with the slug made from the name,
// today's date, and every fact left empty so that the validator asks for each (nothing guessed that
// could pass for a fact). A slug that is taken, retired or a former slug is refused with the reason:
// slugs are stable identifiers that consumers store, and never mean two things.
import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SLUG_MAX } from '../../snapshot/contract.ts';
import { formatTool } from '../format.ts';
import type { ToolFile } from '../../snapshot/schema.ts';
import { runAsScript, type CliIo } from './io.ts';

/** "Café AI 2.0" -> "cafe-ai-2-0". */
export function slugOf(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, SLUG_MAX).replace(/-+$/, '');
}

const FILL_IN = `  tagline       one line, at most 120 characters
  description   1-4 sentences in your own words, facts only (80-1000 characters)
  url           the official https site, without tracking parameters
  maker         the company or project behind it
  categories    1-5 category slugs from catalog/categories/, the primary one first
  tags          lowercase kebab-case words people search for (up to 12)
  pricing       free | freemium | paid, by the rule in CONTRIBUTING.md
  open_source   true or false, and repository (its URL, or null)
  platforms     where it runs (web, ios, android, macos, windows, linux, api, ...)
  launched      the launch year from a source, or null
  sources       1-5 https pages where you checked these facts, the maker's pricing and product pages first
  verified_at   the day you checked them (YYYY-MM-DD)`;

export async function newTool(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { catalog: { type: 'string', default: 'catalog' } }, allowPositionals: true });
  const name = positionals.join(' ').trim();
  const slug = slugOf(name);
  const file = path.join(values.catalog!, 'tools', `${slug}.json`);
  const refusal = !name
    ? 'Usage: npm run new-tool -- "<Name>"   (for example: npm run new-tool -- "Acme Voice")'
    : !slug
      ? `Cannot make a slug from '${name}': use a name with letters or digits.`
      : await access(file).then(() => `${file} already exists: edit it, or pick another name.`, () => whyTaken(values.catalog!, slug));
  if (refusal) {
    io.stderr(`${refusal}\n`);
    return 1;
  }
  await writeFile(file, formatTool(scaffold(slug, name, new Date().toISOString().slice(0, 10))));
  io.stdout(`Wrote ${file}. Fill in, then run npm run validate until it prints no problems:\n${FILL_IN}\n`);
  return 0;
}

/** Why a slug cannot be given to a new tool, as the sentence to print: a retired tool's, or a current tool's former slug. */
async function whyTaken(catalog: string, wanted: string): Promise<string | undefined> {
  const refuse = (why: string) => `The slug '${wanted}' ${why}; slugs are never reused, so pick another name (or pass one that makes another slug).`;
  const retired = await readFile(path.join(catalog, 'retired', `${wanted}.json`), 'utf8').then((t) => JSON.parse(t) as { name: string; retired_at: string }, () => undefined);
  if (retired) return refuse(`belongs to ${retired.name}, retired on ${retired.retired_at} (catalog/retired/${wanted}.json): it still answers 410 with its successor`);
  for (const name of await readdir(path.join(catalog, 'tools'))) {
    if (!name.endsWith('.json')) continue;
    const former = await readFile(path.join(catalog, 'tools', name), 'utf8').then((t) => (JSON.parse(t) as { former_slugs?: string[] }).former_slugs, () => undefined);
    if (former?.includes(wanted)) return refuse(`is a former slug of '${name.slice(0, -5)}' (it answers 301 to that tool)`);
  }
  return undefined;
}

/** Every fact is left empty, for the validator to ask for: a guess would pass for a fact. */
function scaffold(slug: string, name: string, today: string): ToolFile {
  return {
    $schema: '../schema/tool.schema.json',
    slug,
    name,
    tagline: '',
    description: '',
    url: '',
    maker: '',
    categories: [],
    tags: [],
    pricing: '',
    open_source: null,
    repository: null,
    platforms: [],
    launched: null,
    added_at: today,
    updated_at: today,
    sources: [],
    verified_at: '',
  } as unknown as ToolFile;
}

await runAsScript(import.meta.url, newTool);
