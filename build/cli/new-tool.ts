// npm run new-tool -- "<Name>": writes catalog/tools/<slug>.json with the slug made from the name,
// today's date and placeholders that the validator refuses until they are replaced.
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SLUG_MAX } from '../../snapshot/contract.ts';
import { formatTool } from '../format.ts';
import type { ToolFile } from '../../snapshot/schema.ts';

/** "Café AI 2.0" -> "cafe-ai-2-0". */
export function slugOf(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, SLUG_MAX).replace(/-+$/, '');
}

const { values, positionals } = parseArgs({ options: { catalog: { type: 'string', default: 'catalog' } }, allowPositionals: true });
const name = positionals.join(' ').trim();
if (!name) {
  console.error('Usage: npm run new-tool -- "<Name>"   (for example: npm run new-tool -- "Acme Voice")');
  process.exit(1);
}
const slug = slugOf(name);
if (!slug) {
  console.error(`Cannot make a slug from '${name}': use a name with letters or digits.`);
  process.exit(1);
}
const file = path.join(values.catalog!, 'tools', `${slug}.json`);
if (await access(file).then(() => true, () => false)) {
  console.error(`${file} already exists: edit it, or pick another name.`);
  process.exit(1);
}
const today = new Date().toISOString().slice(0, 10);
const TODO = 'TODO: ';
const tool: ToolFile = {
  $schema: '../schema/tool.schema.json',
  slug,
  name,
  tagline: `${TODO}one line, at most 120 characters`,
  description: `${TODO}1-4 sentences in your own words: what ${name} does, for whom, and how it is used (facts only).`,
  url: 'https://example.com/',
  maker: `${TODO}company or project`,
  categories: ['replace-me'],
  tags: ['replace-me'],
  pricing: 'freemium',
  open_source: false,
  repository: null,
  platforms: ['web'],
  launched: null,
  added_at: today,
  updated_at: today,
};
await writeFile(file, formatTool(tool));
console.log(`Wrote ${file}. Fill in, then run npm run validate until it prints no problems:
  tagline       one line, at most 120 characters
  description   1-4 sentences in your own words, facts only (80-1000 characters)
  url           the official https site, without tracking parameters
  maker         the company or project behind it
  categories    1-5 category slugs from catalog/categories/, the primary one first
  tags          lowercase kebab-case words people search for (up to 12)
  pricing       free | freemium | paid; open_source and repository; platforms; launched (year or null)`);
