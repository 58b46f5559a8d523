// GET /docs: the API reference page, rendered in the browser by Scalar from /openapi.json. Its
// script is copied from the installed package at build time and served by the gateway, so the
// page fetches nothing from a CDN (default web fonts and telemetry are off as well).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const DOCS_PATH = '/docs';
export const DOCS_SCRIPT_PATH = '/docs/scalar.js';

/** Scalar's placeholder for an API key's value: a base64 text that looks like a real key. */
const KEY_PLACEHOLDER = 'QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT';

export async function scalarScript(): Promise<string> {
  const script = await readFile(require.resolve('@scalar/api-reference/browser/standalone.js'), 'utf8');
  // The key field should not look like a key someone could have pasted: it says what goes there.
  return script.replaceAll(KEY_PLACEHOLDER, 'paste your API key (sk_...)');
}

/** The page's icon, inline: a browser asks /favicon.ico otherwise, which is a 404. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#2a5bd7"/><text x="8" y="12" font-size="10" text-anchor="middle" fill="#fff" font-family="sans-serif">AI</text></svg>')}`;

export function docsHtml(title: string): string {
  const config = {
    url: '/openapi.json',
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: false,
    persistAuth: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    authentication: { preferredSecurityScheme: 'ApiKey' },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} reference</title>
<link rel="icon" href="${FAVICON}">
</head>
<body>
<div id="app"></div>
<script src="${DOCS_SCRIPT_PATH}"></script>
<script>Scalar.createApiReference('#app', Object.assign(${JSON.stringify(config)}, { baseServerURL: location.origin }));</script>
</body>
</html>
`;
}
