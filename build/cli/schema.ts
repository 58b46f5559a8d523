// npm run schema: regenerate catalog/schema/*.schema.json (editor autocomplete) from the zod schemas.
import { mkdir, writeFile } from 'node:fs/promises';
import { editorSchemas } from '../editor-schema.ts';

await mkdir('catalog/schema', { recursive: true });
for (const [file, text] of Object.entries(editorSchemas())) {
  await writeFile(`catalog/schema/${file}`, text);
  console.log(`wrote catalog/schema/${file}`);
}
