// The OpenAPI document against the live core: it lints clean, and every answer the gateway gives
// (each endpoint, a 304, each error code it can produce) matches the document's status, schema
// and required headers, checked by a real JSON Schema 2020-12 validator.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, FREE_KEY, PRO_KEY, REVOKED_KEY, type Harness, type TestResponse } from './gateway-harness.ts';
import { ROOT } from './helpers.ts';

const run = promisify(execFile);

let h: Harness;
let doc: any;
let ajv: Ajv2020;
beforeAll(async () => {
  h = await createHarness();
  doc = (await h.request('/openapi.json')).json;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(doc, 'openapi');
});

/** The document's path and operation for a request (items by their template). */
function operationOf(requestPath: string, method: string): { key: string; op: any } {
  const bare = requestPath.split('?')[0]!;
  const key = Object.keys(doc.paths).find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare));
  if (!key) throw new Error(`no path in the document for ${requestPath}`);
  // A method the path does not take is the 405 its GET documents.
  return { key, op: doc.paths[key][method] ?? doc.paths[key].get };
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const schemaAt = (...parts: string[]) => ajv.getSchema(`openapi#/${pointer(...parts)}`)!;

/** What a 200 to fields= holds: the operation's envelope with each item as the sparse schema its fields parameter names. */
function sparseAnswer(op: any) {
  const sparse = /read its items as (\w+)/.exec(op.parameters.find((p: any) => p.name === 'fields').description)![1];
  const item = { $ref: `openapi#/components/schemas/${sparse}` };
  const isList = 'meta' in op.responses['200'].content['application/json'].schema.properties;
  return ajv.compile(isList
    ? { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: item }, meta: { $ref: 'openapi#/components/schemas/PageMeta' } } }
    : { type: 'object', required: ['data'], properties: { data: item } });
}

function checkAgainstDocument(requestPath: string, r: TestResponse, method = 'get'): void {
  const { key, op } = operationOf(requestPath, method);
  const documented = op.responses[String(r.status)];
  expect(documented, `${requestPath}: status ${r.status} is documented`).toBeDefined();
  for (const [name, ref] of Object.entries<any>(documented.headers ?? {})) {
    const header = doc.components.headers[ref.$ref.split('/').pop()];
    if (header.required) expect(r.header(name), `${requestPath} ${r.status}: header ${name}`).toBeDefined();
  }
  const content = documented.content;
  if (!content) {
    expect(r.text, `${requestPath} ${r.status}: no body`).toBe('');
    return;
  }
  const [type] = Object.keys(content);
  expect(r.header('content-type')!.startsWith(type!), `${requestPath}: content type`).toBe(true);
  if (type !== 'application/json') return;
  const withFields = r.status === 200 && new URLSearchParams(requestPath.split('?')[1]).has('fields');
  const validate = withFields ? sparseAnswer(op) : schemaAt('paths', key, method, 'responses', String(r.status), 'content', 'application/json', 'schema');
  expect(validate(r.json), `${requestPath} ${r.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe('OpenAPI document', () => {
  it('passes redocly lint with no errors', async () => {
    const { stdout, stderr } = await run(path.join(ROOT, 'node_modules/.bin/redocly'), ['lint', '--format=stylish', h.distFile('openapi.json')], {
      cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    expect(`${stdout}${stderr}`).toMatch(/Your API description is valid/);
    expect(`${stdout}${stderr}`).not.toMatch(/\berror\b/);
  }, 60_000);

  it('describes every live answer of every endpoint: 200s, a 304 and every error code the core produces', async () => {
    const key = { 'X-API-Key': PRO_KEY };
    const cases: [string, Record<string, string>, string?][] = [
      ['/api/v1/tools', key], ['/api/v1/tools?per_page=2&sort=newest&pricing=free', key], ['/api/v1/tools/elevenlabs', key],
      ['/api/v1/categories', key], ['/api/v1/categories?group=audio', key], ['/api/v1/categories/text-to-speech', key],
      ['/api/v1/search?q=voice&limit=2', key], ['/api/v1/search?q=zzzzqqqq', key], ['/api/v1/usage', key],
      ['/api/v1/tools?similar_to=murf', key], ['/api/v1/tools?slugs=murf,nope,playht&fields=name,url', key], ['/api/v1/tools?website=murf.ai&pricing=free,freemium', key],
      ['/api/v1/tools/murf?fields=pricing', key], ['/api/v1/search?q=voice&fields=name', key], ['/api/v1/tools?similar_to=mirf', key], ['/api/v1/tools?facets=pricing,category,platform,open_source&pricing=free', key], ['/api/v1/search?q=voice&facets=pricing,platform&highlight=true', key],
      ['/healthz', {}], ['/readyz', {}], ['/openapi.json', {}], ['/docs', {}],
      ['/api/v1/tools?per_page=500', key], ['/api/v1/tools?nope=1', key], ['/api/v1/tools/nope', key], ['/api/v1/tools/elevenlabs?x=1', key], ['/api/v1/tools/eleven-labs', key], ['/api/v1/tools/playht', key],
      ['/api/v1/tools', {}], ['/api/v1/tools', { 'X-API-Key': 'sk_short' }], ['/api/v1/tools', { 'X-API-Key': REVOKED_KEY }],
      ['/api/v1/tools', key, 'POST'], ['/healthz', {}, 'DELETE'],
    ];
    const codes = new Set<string>();
    for (const [p, headers, method] of cases) {
      const r = await h.request(p, { headers, ...(method && { method }) });
      if (r.json?.code) codes.add(r.json.code);
      checkAgainstDocument(p, r);
    }
    const etag = (await h.request('/api/v1/tools/elevenlabs', { headers: key })).header('etag')!;
    const notModified = await h.request('/api/v1/tools/elevenlabs', { headers: { ...key, 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    checkAgainstDocument('/api/v1/tools/elevenlabs', notModified);

    let limited: TestResponse | undefined;
    for (let i = 0; i < 61 && !limited; i++) {
      const r = await h.request('/api/v1/categories', { headers: { 'X-API-Key': FREE_KEY } });
      if (r.status === 429) limited = r;
    }
    checkAgainstDocument('/api/v1/categories', limited!);
    codes.add(limited!.json.code);

    h.keys.down = true;
    try {
      // A key this instance never verified: no recent verdict to fall back on.
      const unavailable = await h.request('/api/v1/search?q=x', { headers: { 'X-API-Key': `sk_${'d'.repeat(40)}` } });
      checkAgainstDocument('/api/v1/search', unavailable);
      codes.add(unavailable.json.code);
    } finally {
      h.keys.down = false;
    }
    const toolsList = schemaAt('paths', '/api/v1/tools', 'get', 'responses', '200', 'content', 'application/json', 'schema');
    expect(toolsList({ data: [] }), 'the validator refuses a list without meta').toBe(false);
    const sparse = (await h.request('/api/v1/tools/murf?fields=pricing', { headers: key })).json;
    expect(schemaAt('paths', '/api/v1/tools/{slug}', 'get', 'responses', '200', 'content', 'application/json', 'schema')(sparse), 'a plain call is declared whole: a fields= answer is not').toBe(false);
    expect([...codes].sort()).toEqual(['GONE', 'INVALID_API_KEY', 'INVALID_PARAMETER', 'METHOD_NOT_ALLOWED', 'MISSING_API_KEY', 'MOVED_PERMANENTLY', 'NOT_FOUND', 'RATE_LIMIT_EXCEEDED', 'REVOKED_API_KEY', 'SERVICE_UNAVAILABLE', 'UNKNOWN_PARAMETER']);
  });

  it('describes /mcp: the tools its tools/list gives, each request of a batch counted, and its answers', async () => {
    const headers = { 'X-API-Key': PRO_KEY, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const listed = await h.request('/mcp', { method: 'POST', headers, body: JSON.stringify(call(1)) });
    checkAgainstDocument('/mcp', listed, 'post');
    const described: string = doc.paths['/mcp'].post.description;
    const named = described.match(/Tools: ([^;]+);/)![1]!.split(', ');
    expect(named.sort()).toEqual(listed.json.result.tools.map((t: { name: string }) => t.name).sort());
    expect(described).toContain('Each JSON-RPC request in the body counts once');
    const tooLarge = await h.request('/mcp', { method: 'POST', headers, body: JSON.stringify(Array.from({ length: 101 }, (_, i) => call(i))) });
    expect(tooLarge.status).toBe(400);
    checkAgainstDocument('/mcp', tooLarge, 'post');
  });
});
