// GET /docs: the API reference page, rendered in the browser by Scalar from /openapi.json. Its
// script is copied from the installed package at build time and served by the gateway, so the
// page fetches nothing from a CDN (default web fonts and telemetry are off as well).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const DOCS_PATH = '/docs';
export const DOCS_SCRIPT_PATH = '/docs/scalar.js';

export async function scalarScript(): Promise<string> {
  return readFile(require.resolve('@scalar/api-reference/browser/standalone.js'), 'utf8');
}

export function docsHtml(title: string): string {
  const config = {
    url: '/openapi.json',
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: false,
    persistAuth: false,
    showDeveloperTools: 'never',
    showToolbar: 'never',
    agent: { disabled: true },
    authentication: { preferredSecurityScheme: 'ApiKey' },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} reference</title>
</head>
<body>
<div id="app"></div>
<script src="${DOCS_SCRIPT_PATH}"></script>
<script>Scalar.createApiReference('#app', Object.assign(${JSON.stringify(config)}, { baseServerURL: location.origin }));</script>
</body>
</html>
`;
}
