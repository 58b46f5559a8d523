// Loads the real edge middleware, as `npm run build` writes it into .vercel/output, into the
// Edge Runtime VM (the sandbox Vercel runs middleware in) and sends it requests. The ESM bundle
// is wrapped as a script for the VM by esbuild; nothing else about it changes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EdgeVM } from '@edge-runtime/vm';
import { transform } from 'esbuild';
import { buildSnapshot } from '../build/build.ts';
import { writeVercelOutput, type VercelOutputSummary } from '../build/vercel-output.ts';
import { fixtureCopy } from './helpers.ts';

export interface EdgeAnswer {
  status: number;
  headers: Map<string, string>;
  text: string;
  json: any;
  /** Where rewrite() sends the request (the static file), if it did. */
  rewrite?: string;
  /** True when the middleware let the request through to the CDN (next()). */
  next: boolean;
}

export interface EdgeHarness {
  output: string;
  summary: VercelOutputSummary;
  request(pathAndQuery: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<EdgeAnswer>;
}

export const EDGE_ORIGIN = 'https://api.example.test';

/** Builds the fixture catalog and its Vercel output, then loads the middleware with `env`. */
export async function loadEdge(env: Record<string, string> = {}, options: { limit?: number } = {}): Promise<EdgeHarness> {
  const catalog = await fixtureCopy();
  const root = path.dirname(catalog);
  const dist = path.join(root, 'dist');
  const built = await buildSnapshot(catalog, dist);
  if (!built.ok) throw new Error('fixture build failed');
  const output = path.join(root, '.vercel/output');
  const summary = await writeVercelOutput(dist, output, options.limit);
  const esm = await readFile(path.join(output, 'functions/_middleware.func/index.js'), 'utf8');
  const script = (await transform(esm, { format: 'iife', globalName: '__middleware', loader: 'js' })).code;
  const vm = new EdgeVM({
    extend: (context) => Object.assign(context, { process: { env } }),
  });
  vm.evaluate(script);
  const handler = vm.evaluate('__middleware.default') as (request: Request) => Promise<Response>;
  return {
    output,
    summary,
    async request(pathAndQuery, init = {}) {
      const RequestInVm = vm.context.Request as typeof Request;
      const response = await handler(new RequestInVm(`${EDGE_ORIGIN}${pathAndQuery}`, { method: init.method ?? 'GET', headers: init.headers ?? {}, ...(init.body !== undefined && { body: init.body }) }));
      const headers = new Map<string, string>();
      response.headers.forEach((value, name) => headers.set(name.toLowerCase(), value));
      const text = await response.text();
      let json: unknown;
      try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
      const rewrite = headers.get('x-middleware-rewrite');
      return { status: response.status, headers, text, json, ...(rewrite !== undefined && { rewrite }), next: headers.get('x-middleware-next') === '1' };
    },
  };
}
