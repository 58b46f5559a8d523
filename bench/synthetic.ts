// Synthetic catalogs for benchmarks and the kill test: N tools over 200 categories, written in the
// catalog's file format, with a seeded generator so the same N always gives the same files.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatCategory, formatTool } from '../build/format.ts';
import { GROUP_SLUGS, PLATFORMS, PRICING, type ToolFile } from '../snapshot/schema.ts';

const WORDS = ('voice image video music text code data search agent chat meeting notes speech translate summary design logo photo '
  + 'upscale background remove avatar clip caption podcast sales email support legal health finance resume vector database model '
  + 'prompt workflow automate browser research paper tutor language slide present spreadsheet chart report review test deploy').split(' ');

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ten', 'vo', 'zu', 'quin', 'dex', 'ly', 'no', 'pra', 'sol', 'tri', 'ux', 'ver', 'wex', 'yo', 'bel', 'cor'];

export async function writeSyntheticCatalog(dir: string, toolCount: number, seed = 42): Promise<void> {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  await mkdir(path.join(dir, 'tools'), { recursive: true });
  await mkdir(path.join(dir, 'categories'), { recursive: true });
  const categories = Array.from({ length: 200 }, (_, i) => `${pick(WORDS)}-${pick(WORDS)}-${i}`);
  await Promise.all(categories.map((slug, i) => writeFile(path.join(dir, 'categories', `${slug}.json`), formatCategory({
    slug, name: `Category ${slug.replace(/-/g, ' ')}`, description: `Synthetic category number ${i} for benchmarks.`, group: GROUP_SLUGS[i % GROUP_SLUGS.length]!,
  }))));
  const batch: Promise<void>[] = [];
  for (let i = 0; i < toolCount; i++) {
    const name = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)} ${pick(WORDS)} ${i}`;
    const slug = name.replace(/ /g, '-');
    const cats = [categories[i % categories.length]!, pick(categories), pick(categories)].filter((c, k, all) => all.indexOf(c) === k);
    const words = Array.from({ length: 24 }, () => pick(WORDS)).join(' ');
    const tool: ToolFile = {
      slug, name,
      tagline: `${pick(WORDS)} ${pick(WORDS)} tool for ${pick(WORDS)} teams`,
      description: `${name} is a synthetic tool used to measure the build. It helps with ${words}.`,
      url: `https://${slug}.example-tools.dev/`,
      maker: `Maker ${i % 997}`,
      categories: cats,
      tags: [pick(WORDS), `${pick(WORDS)}-${pick(WORDS)}`].filter((t, k, all) => all.indexOf(t) === k),
      pricing: pick(PRICING),
      open_source: rand() < 0.3,
      repository: null,
      platforms: [pick(PLATFORMS)],
      launched: 2015 + Math.floor(rand() * 11),
      added_at: `2026-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`,
      updated_at: '2026-10-01',
      sources: [`https://${slug}.example-tools.dev/pricing`],
      verified_at: '2026-10-01',
    };
    batch.push(writeFile(path.join(dir, 'tools', `${slug}.json`), formatTool(tool)));
    if (batch.length >= 256) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}
