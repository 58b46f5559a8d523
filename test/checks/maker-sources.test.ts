import { describe, expect, it } from 'vitest';
import { makerSources } from '../../build/checks/maker-sources.ts';
import { isMakerSource } from '../../build/source-pages.ts';
import { problemsOf } from './run-check.ts';

describe('check: maker-sources', () => {
  it('accepts as many tools without a page of their maker as the ceiling (midjourney: 1 of 1)', async () => {
    expect(await problemsOf(makerSources)).toEqual([]);
  });

  it('refuses one more than the ceiling, saying what to do', async () => {
    expect(await problemsOf(makerSources, { 'tools/murf.json': (d) => { d.sources = ['https://www.g2.com/products/murf/reviews']; } })).toEqual([
      "catalog/sources.json:3 max_tools_without_maker_source - 2 tools have no source on their maker's own web presence, more than the ceiling of 1: give the tools you added or changed a page of their maker (site, docs, repository, store listing) first; `npm run validate` lists the tools without one",
    ]);
  });
});

describe("a maker's own page", () => {
  const tool = { url: 'https://www.acme.ai/', repository: 'https://github.com/acme-labs/acme' };
  it('is on the registrable domain of the url, under the repository owner, a store listing, or a known other domain of the maker', () => {
    const rules = {
      max_tools_without_maker_source: 0, not_evidence: [],
      stores: [{ match: 'apps.apple.com', reason: 'a store' }],
      maker_domains: [{ maker: 'Acme', match: ['acme.ai', 'acme-blog.com'], reason: 'a second domain' }],
    };
    const own = (source: string, t: { url: string; repository: string | null } = tool) => isMakerSource(t, source, rules);
    expect(own('https://docs.acme.ai/pricing')).toBe(true);
    expect(own('https://github.com/acme-labs/other-repo')).toBe(true);
    expect(own('https://raw.githubusercontent.com/acme-labs/acme/main/README.md')).toBe(true);
    expect(own('https://apps.apple.com/us/app/acme/id1')).toBe(true);
    expect(own('https://acme-blog.com/launch')).toBe(true);
    expect(own('https://github.com/someone-else/acme')).toBe(false);
    expect(own('https://acme.ai.example-reviews.com/acme')).toBe(false);
    expect(own('https://www.g2.com/products/acme')).toBe(false);
    // A page host shared by many owners: the owner decides, not the host.
    expect(own('https://other.github.io/acme', { url: 'https://acme-labs.github.io/acme/', repository: null })).toBe(false);
    expect(own('https://github.com/acme-labs/acme/wiki', { url: 'https://acme-labs.github.io/acme/', repository: null })).toBe(true);
    expect(own('https://shop.acme.co.uk/plans', { url: 'https://acme.co.uk/', repository: null })).toBe(true);
    expect(own('https://other.co.uk/acme', { url: 'https://acme.co.uk/', repository: null })).toBe(false);
  });
});
