// The one canonical way to write a catalog file: keys in schema order, 2-space JSON, newline at
// the end. `npm run format` rewrites files to it and the validator insists on it, so diffs in
// pull requests show only real changes.
import { CATEGORY_KEYS, RETIRED_KEYS, TOOL_KEYS, type CategoryFile, type RetiredFile, type SourceRules, type ToolFile } from '../snapshot/schema.ts';
import { vocabularyFileSchema, type VocabularyFile } from '../snapshot/vocabulary-schema.ts';

function ordered<T extends object>(data: T, keys: readonly (keyof T)[]): T {
  const out = {} as T;
  for (const k of keys) if (data[k] !== undefined) out[k] = data[k];
  return out;
}

export function formatTool(data: ToolFile): string {
  return `${JSON.stringify(ordered(data, TOOL_KEYS), null, 2)}\n`;
}

export function formatCategory(data: CategoryFile): string {
  return `${JSON.stringify(ordered(data, CATEGORY_KEYS), null, 2)}\n`;
}

export function formatRetired(data: RetiredFile): string {
  return `${JSON.stringify(ordered(data, RETIRED_KEYS), null, 2)}\n`;
}

export function formatVocabulary(data: VocabularyFile): string {
  return `${JSON.stringify(ordered(data, Object.keys(vocabularyFileSchema.shape) as (keyof VocabularyFile)[]), null, 2)}\n`;
}

export function formatSourceRules(data: SourceRules): string {
  return `${JSON.stringify(ordered(data, ['$schema', 'max_tools_without_maker_source', 'not_evidence', 'stores', 'maker_domains']), null, 2)}\n`;
}
