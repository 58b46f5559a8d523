// The bar for the real catalog (catalog/): size, coverage and the quality rules the validator
// does not know about.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateCatalog } from '../build/build.ts';
import type { Catalog } from '../build/catalog.ts';
import { ROOT } from './helpers.ts';

/** Well-known tools that must be in the catalog; the ones discontinued are listed in README. */
const MUST_HAVE = [
  'ChatGPT', 'Claude', 'Gemini', 'Microsoft Copilot', 'Perplexity', 'Meta AI', 'DeepSeek', 'Le Chat', 'Grok',
  'Character.AI', 'Poe', 'HuggingChat', 'Kimi', 'Qwen Chat', 'NotebookLM', 'Midjourney', 'Stable Diffusion',
  'Adobe Firefly', 'Leonardo.Ai', 'Ideogram', 'FLUX', 'Krea', 'Recraft', 'Playground', 'Canva Magic Studio', 'Clipdrop',
  'remove.bg', 'Photoroom', 'Topaz Photo AI', 'Magnific', 'Upscayl', 'Runway', 'Pika', 'Luma Dream Machine', 'Kling',
  'Synthesia', 'HeyGen', 'D-ID', 'Descript', 'VEED', 'Captions', 'OpusClip', 'InVideo', 'Kaiber', 'ElevenLabs', 'Murf',
  'Resemble AI', 'Suno', 'Udio', 'AIVA', 'Soundraw', 'Whisper', 'Otter.ai', 'Fireflies.ai', 'Fathom', 'tl;dv',
  'Adobe Podcast', 'Krisp', 'GitHub Copilot', 'Cursor', 'Windsurf', 'Tabnine', 'Replit', 'v0', 'Bolt.new', 'Lovable',
  'Continue', 'Aider', 'Claude Code', 'Devin', 'CodeRabbit', 'Grammarly', 'QuillBot', 'Jasper', 'Copy.ai', 'Writesonic',
  'Rytr', 'Wordtune', 'Notion AI', 'Sudowrite', 'DeepL', 'LanguageTool', 'GPTZero', 'Originality.ai', 'Gamma',
  'Beautiful.ai', 'Motion', 'Reclaim.ai', 'Superhuman', 'Zapier', 'Intercom Fin', 'Julius AI', 'ChatPDF', 'Elicit',
  'Consensus', 'scite', 'Hugging Face', 'LangChain', 'LlamaIndex', 'Pinecone', 'Weaviate', 'Chroma', 'Qdrant', 'Milvus',
  'Ollama', 'LM Studio', 'GPT4All', 'Replicate', 'Together AI', 'Groq', 'Weights & Biases', 'LangSmith', 'CrewAI',
  'AutoGPT', 'n8n', 'Dify', 'Flowise', 'Framer', 'Uizard', 'Looka', 'Spline', 'Meshy', 'Khanmigo', 'Duolingo Max',
  'Harvey', 'OpenAI API', 'Anthropic API', 'Mistral AI', 'Cohere', 'Llama',
];

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');

describe('catalog', () => {
  let catalog: Catalog;
  beforeAll(async () => {
    const result = await validateCatalog(path.join(ROOT, 'catalog'), 'catalog');
    expect(result.problems).toEqual([]);
    catalog = result.catalog;
  });

  it('has at least 320 tools in at least 165 categories', () => {
    expect(catalog.tools.length).toBeGreaterThanOrEqual(320);
    expect(catalog.categories.length).toBeGreaterThanOrEqual(165);
  });

  it('has no empty category, and most categories have three or more tools', () => {
    const counts = new Map(catalog.categories.map((c) => [c.data.slug, 0]));
    for (const t of catalog.tools) for (const c of t.data.categories) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n === 0)).toEqual([]);
    expect([...counts.values()].filter((n) => n >= 3).length).toBeGreaterThan(catalog.categories.length / 2);
  });

  it('gives every tool a description of at least 80 characters, and no two descriptions alike', () => {
    const short = catalog.tools.filter((t) => t.data.description.length < 80).map((t) => t.file);
    expect(short).toEqual([]);
    const seen = new Map<string, string>();
    for (const t of catalog.tools) {
      const key = fold(t.data.description);
      expect(seen.get(key), `${t.file} repeats a description`).toBeUndefined();
      seen.set(key, t.file);
    }
    const taglines = new Set(catalog.tools.map((t) => fold(t.data.tagline)));
    expect(taglines.size).toBe(catalog.tools.length);
  });

  it('contains every well-known tool on the must-have list', () => {
    // "Kling AI" and "invideo AI" are how their makers write them: a trailing "AI" may be part of the name.
    const names = new Set(catalog.tools.flatMap((t) => [fold(t.data.name), fold(t.data.name).replace(/ai$/, '')]));
    expect(MUST_HAVE.filter((n) => !names.has(fold(n)))).toEqual([]);
  });

  it('uses a category group set of 10 to 16 groups, each with categories', () => {
    const groups = new Set(catalog.categories.map((c) => c.data.group));
    expect(groups.size).toBeGreaterThanOrEqual(10);
    expect(groups.size).toBeLessThanOrEqual(16);
  });

  it('links open-source tools to their repository and closed ones to none', () => {
    expect(catalog.tools.filter((t) => !t.data.open_source && t.data.repository !== null).map((t) => t.file)).toEqual([]);
  });
});
