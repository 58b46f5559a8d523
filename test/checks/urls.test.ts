import { describe, expect, it } from 'vitest';
import { urls } from '../../build/checks/urls.ts';
import { problemsOf } from './run-check.ts';

describe('check: urls', () => {
  it('accepts plain official URLs, with a query that is not tracking', async () => {
    expect(await problemsOf(urls, { 'tools/murf.json': (d) => { d.url = 'https://murf.ai/?lang=en'; } })).toEqual([]);
  });

  it('refuses tracking parameters in url and repository, naming each', async () => {
    expect(await problemsOf(urls, {
      'tools/murf.json': (d) => { d.url = 'https://murf.ai/?utm_source=newsletter&ref=abc'; },
      'tools/stable-diffusion.json': (d) => { d.repository = 'https://github.com/Stability-AI/generative-models?fbclid=1'; },
    })).toEqual([
      "catalog/tools/murf.json:7 url - has tracking parameters 'utm_source', 'ref'; link to the plain official URL",
      "catalog/tools/stable-diffusion.json:19 repository - has tracking parameter 'fbclid'; link to the plain official URL",
    ]);
  });

  it('refuses a repository on a tool whose code is not published', async () => {
    expect(await problemsOf(urls, { 'tools/murf.json': (d) => { d.repository = 'https://github.com/murf-ai/murf'; } })).toEqual([
      'catalog/tools/murf.json:18 repository - is set but open_source is false; set repository to null, or open_source to true if the code is published',
    ]);
  });
});
