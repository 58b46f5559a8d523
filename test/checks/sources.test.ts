import { describe, expect, it } from 'vitest';
import { sources, SOURCES_REQUIRED_FROM } from '../../build/checks/sources.ts';
import { problemsOf } from './run-check.ts';

const cite = (list: string[]) => (d: Record<string, unknown>) => { d.sources = list; };
const NOT_MAKERS = 'cite the maker\'s own page (see CONTRIBUTING.md, "Sources")';

describe('check: sources', () => {
  it('accepts the maker\'s pages, and a tool added before provenance became the rule without sources', async () => {
    expect(await problemsOf(sources, { 'tools/murf.json': (d) => { d.added_at = '2026-11-24'; delete d.sources; delete d.verified_at; } })).toEqual([]);
  });

  it('asks a tool added since provenance became the rule for its sources and verified_at', async () => {
    expect(await problemsOf(sources, { 'tools/murf.json': (d) => { d.added_at = SOURCES_REQUIRED_FROM; d.updated_at = SOURCES_REQUIRED_FROM; delete d.sources; delete d.verified_at; } })).toEqual([
      `catalog/tools/murf.json sources - is missing; a tool added from ${SOURCES_REQUIRED_FROM} on needs 1-5 https pages where its facts were checked, the maker's pricing and product pages first (see CONTRIBUTING.md, "Sources: where the facts come from")`,
      `catalog/tools/murf.json verified_at - is missing; a tool added from ${SOURCES_REQUIRED_FROM} on needs the day its facts were checked against its sources (YYYY-MM-DD) (see CONTRIBUTING.md, "Sources: where the facts come from")`,
    ]);
  });

  it('refuses tracking parameters in a source and gives the address without them', async () => {
    expect(await problemsOf(sources, { 'tools/murf.json': cite(['https://murf.ai/pricing?utm_source=newsletter&plan=pro&ref=abc']) })).toEqual([
      "catalog/tools/murf.json:27 sources[0] - has tracking parameters 'utm_source', 'ref'; cite the page without them: https://murf.ai/pricing?plan=pro",
    ]);
  });

  it('refuses a staging or preview host, but not a maker whose name contains the word', async () => {
    expect(await problemsOf(sources, {
      'tools/murf.json': cite(['https://uat4.www.murf.ai/pricing', 'https://4815-staging.murf.ai/terms', 'https://deploy-preview-42--murf.netlify.app/pricing', 'https://murf.ai/pricing']),
      'tools/otter-ai.json': (d) => { d.url = 'https://virtualstagingai.app/'; d.sources = ['https://virtualstagingai.app/pricing', 'https://preview.virtualstagingai.app/pricing']; },
    })).toEqual([
      "catalog/tools/murf.json:27 sources[0] - 'uat4.www.murf.ai' is a staging or preview host ('uat4'), not the published site; cite the public page",
      "catalog/tools/murf.json:28 sources[1] - '4815-staging.murf.ai' is a staging or preview host ('4815-staging'), not the published site; cite the public page",
      "catalog/tools/murf.json:29 sources[2] - 'deploy-preview-42--murf.netlify.app' is a staging or preview host ('deploy-preview-42--murf'), not the published site; cite the public page",
      "catalog/tools/otter-ai.json:29 sources[1] - 'preview.virtualstagingai.app' is a staging or preview host ('preview'), not the published site; cite the public page",
    ]);
  });

  it('refuses a host listed as not evidence, with the reason from catalog/sources.json, except on the tool\'s own domain', async () => {
    expect(await problemsOf(sources, {
      'tools/murf.json': cite(['https://murf.ai/pricing', 'https://raw.githubusercontent.com/api-evangelist/murf/refs/heads/main/plans/murf-plans-pricing.yml', 'https://www.postclic.com/en/letters/cancel-murf']),
      'tools/otter-ai.json': (d) => { d.url = 'https://deepwiki.com/'; d.sources = ['https://deepwiki.com/', 'https://docs.deepwiki.com/overview']; },
    })).toEqual([
      `catalog/tools/murf.json:28 sources[1] - pages under raw.githubusercontent.com/api-evangelist are not evidence (machine-generated API directory stubs (files that call themselves generated or scaffolds), not the maker's page); ${NOT_MAKERS}`,
      `catalog/tools/murf.json:29 sources[2] - pages under postclic.com are not evidence (a service that sends cancellation letters: its 'cancel X' pages are not evidence of a product's plans or prices); ${NOT_MAKERS}`,
    ]);
  });

  it('refuses the same page twice, however it is written, in a tool or a retired record', async () => {
    expect(await problemsOf(sources, {
      'tools/murf.json': cite(['https://murf.ai/pricing', 'https://www.murf.ai/pricing/?utm_medium=x#plans', 'https://murf.ai/pricing?plan=pro']),
      'retired/playht.json': cite(['https://playht.test/end', 'https://playht.test/end/']),
    })).toEqual([
      "catalog/tools/murf.json:28 sources[1] - has tracking parameter 'utm_medium'; cite the page without it: https://www.murf.ai/pricing/#plans",
      'catalog/tools/murf.json:28 sources[1] - is the same page as sources[0]; list each page once',
      'catalog/retired/playht.json:14 sources[1] - is the same page as sources[0]; list each page once',
    ]);
  });
});
