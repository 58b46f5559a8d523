// The JSON Schemas that editors use to autocomplete and flag catalog files while typing. They are
// generated from the zod schemas and committed; a test fails when they are stale.
import { z } from 'zod';
import { categoryFileSchema, retiredFileSchema, sourceRulesSchema, toolFileSchema } from '../snapshot/schema.ts';
import { vocabularyFileSchema } from '../snapshot/vocabulary-schema.ts';

export function editorSchemas(): Record<string, string> {
  const one = (schema: z.ZodType, title: string) =>
    `${JSON.stringify({ ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), title }, null, 2)}\n`;
  return {
    'tool.schema.json': one(toolFileSchema, 'AI Tools Catalog: tool file (catalog/tools/<slug>.json)'),
    'category.schema.json': one(categoryFileSchema, 'AI Tools Catalog: category file (catalog/categories/<slug>.json)'),
    'retired.schema.json': one(retiredFileSchema, 'AI Tools Catalog: retired tool (catalog/retired/<slug>.json)'),
    'vocabulary.schema.json': one(vocabularyFileSchema, 'AI Tools Catalog: search vocabulary (catalog/vocabulary.json)'),
    'sources.schema.json': one(sourceRulesSchema, 'AI Tools Catalog: what counts as a source (catalog/sources.json)'),
  };
}
