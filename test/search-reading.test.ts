// How search reads a query before matching it (API.md, "Search that reads the query as a person
// means it"), on the real catalog: languages, names however written, comparisons, alternatives
// with constraints, direction, and nothing for what is not an AI tool.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../snapshot/search-index.ts';
import { createSearchEngine, type SearchEngine, type SearchFilter } from '../snapshot/search/index.ts';
import type { SnapshotData } from '../snapshot/types.ts';
import { runsLocally } from '../snapshot/search/tables.ts';
import { loadData } from './relevance/engines.ts';
import { ROOT } from './helpers.ts';

let data: SnapshotData;
let engine: SearchEngine;
const page = (q: string, filter: SearchFilter = {}) => engine.page(q, filter, 0, 10);
const top = (q: string, n = 3, filter: SearchFilter = {}) => page(q, filter).hits.slice(0, n).map((h) => data.tools[h.index]!.slug);
const words = (q: string) => engine.page(q, {}, 0, 1, { words: true }).words;
const tool = (slug: string) => data.tools.find((t) => t.slug === slug)!;
const inCategory = (slug: string, category: string) => tool(slug).categories.some((c) => c.slug === category);

beforeAll(async () => {
  data = await loadData(ROOT);
  engine = createSearchEngine(data, buildSearchIndex(data.tools));
});

describe('search in six more languages', () => {
  it.each([
    ['bildgenerator', 'de'], ['générateur d\'images', 'fr'], ['generador de imagenes', 'es'],
    ['gerador de imagens', 'pt'], ['generatore di immagini', 'it'], ['afbeeldinggenerator', 'nl'],
  ])('finds for "%s" (%s) what "image generator" finds', (q, lang) => {
    expect(page(q).interpreted?.language).toBe(lang);
    expect(top(q, 5)).toEqual(top('image generator', 5));
    for (const slug of top(q, 3)) expect(inCategory(slug, 'text-to-image'), `${q}: ${slug}`).toBe(true);
  });

  it('reads a language\'s phrase of four words or more as the English it means ("mémoire de fin d\'études": academic writing)', () => {
    const q = 'aide pour rédiger mon mémoire de fin d\'études';
    expect(words(q)).toEqual(['academic', 'writing']);
    expect(top(q, 3).length).toBe(3);
  });

  it('keeps direction across languages: text to speech is not speech to text', () => {
    for (const q of ['text zu sprache', 'texto a voz', 'tekst naar spraak']) {
      for (const slug of top(q, 3)) expect(inCategory(slug, 'text-to-speech'), `${q}: ${slug}`).toBe(true);
    }
    const tts = top('text to speech', 5);
    expect(top('speech to text', 5).filter((s) => tts.includes(s))).toEqual([]);
  });

  it('reads an English query as English, even one with a word other languages share', () => {
    expect(page('video editor').interpreted).toBeUndefined();
    expect(page('image generator').interpreted).toBeUndefined();
    // "generate" is an Italian verb form too; "vector" and "icons" are the catalog's words.
    expect(page('generate vector icons').interpreted).toBeUndefined();
  });

  it('reads the catalog\'s words as borrowed beside a word of the language\'s own: "ki programmierassistent vscode open source" is German', () => {
    expect(page('ki programmierassistent vscode open source').interpreted).toEqual({ language: 'de', open_source: true });
    for (const slug of top('ki programmierassistent vscode open source', 3)) expect(tool(slug).open_source, slug).toBe(true);
    expect(top('ki programmierassistent vscode open source', 3).some((slug) => inCategory(slug, 'code-completion'))).toBe(true);
  });

  it('reads "make" and "create" in every language as English reads them: no word of the need ("nieuwsbrief maken" finds what "make a newsletter" finds)', () => {
    for (const [q, english] of [['nieuwsbrief maken met ai', 'make a newsletter with ai'], ['crear un logo', 'create a logo'], ['logo erstellen', 'create a logo'], ['criar logotipo com ia', 'create a logo with ai']]) {
      expect(words(q!), q).toEqual(words(english!));
      expect(top(q!, 5), q).toEqual(top(english!, 5));
    }
    expect(page('create a logo').interpreted).toBeUndefined();
  });

  it('reads German "-erkennung" as recognition: "pflanzenerkennung" finds plant identifiers, not AI-text detectors', () => {
    expect(top('pflanzenerkennung app kostenlos', 1)).toEqual(['picturethis']);
    expect(top('ki erkennung text', 3).every((slug) => inCategory(slug, 'ai-content-detection'))).toBe(true);
  });

  it('reads words English has only in its whole dictionary ("datos", "vectorial") as the other language\'s', () => {
    const p = page('base de datos vectorial');
    expect(p.interpreted?.language).toBe('es');
    for (const slug of top('base de datos vectorial')) expect(inCategory(slug, 'vector-databases'), slug).toBe(true);
  });

  it('drops another language\'s stop words from a query read as English, but never an English word', () => {
    expect(words('ai tool voor social media posts')).toEqual(['social', 'media', 'posts']);
    // "sea" is a Spanish and Italian stop word, and English.
    expect(words('sea otter transcription app')).toEqual(['sea', 'otter', 'transcription']);
  });
});

describe('search for names however they are written', () => {
  it('finds a tool by a version glued, spaced or hyphenated, and by the nicknames its record lists', () => {
    for (const q of ['gpt-5', 'gpt5', 'gpt 5', 'chat gpt']) expect(top(q, 1), q).toEqual(['chatgpt']);
    expect(top('veo 3', 1)).toEqual(['veo']);
    expect(top('mj', 1)).toEqual(['midjourney']);
    expect(top('11labs', 1)).toEqual(['elevenlabs']);
    // Beside other words too, as a word of the name would be.
    expect(top('11labs voice', 1)).toEqual(['elevenlabs']);
    expect(top('flux 1.1 pro', 1)).toEqual(['flux']);
    // A name of several words after its maker's, without it.
    expect(page('abridge vs dragon copilot').interpreted).toEqual({ versus: ['abridge', 'microsoft-dragon-copilot'] });
    // A name spaced around a constraint word is the name, not the constraint ("mac whisper": MacWhisper).
    expect(top('mac whisper pro license', 1)).toEqual(['macwhisper']);
    expect(page('mac whisper pro license').interpreted).toBeUndefined();
  });

  it('reads a name followed by which of its versions, sizes and editions as the name ("gpt 4o mini", "llama 3.1 70b instruct")', () => {
    expect(top('gpt 4o mini', 1)).toEqual(['chatgpt']);
    expect(top('flux 1.1 pro ultra', 1)).toEqual(['flux']);
    expect(top('kling 2.1 master', 1)).toEqual(['kling-ai']);
    expect(top('llama 3.1 70b instruct')).toContain('llama');
    expect(top('whisper large v3 turbo')).toContain('whisper');
    // Words of a need after a name are still a need ("notion for small business" is no edition).
    expect(words('flux pro for product photos')).toEqual(['flux', 'pro', 'photos']);
  });

  it('reads a name without the last word that says what it is or its edition ("otter", "duolingo" for Duolingo Max)', () => {
    expect(page('otter alternative').interpreted).toEqual({ similar_to: 'otter-ai' });
    expect(page('duolingo alternative').interpreted).toEqual({ similar_to: 'duolingo-max' });
    expect(top('djay', 1)).toEqual(['djay-pro']);
  });

  it('reads a misspelt catalog word as meant and says so, but never an ordinary word as a name', () => {
    expect(page('backround remover').interpreted).toEqual({ corrected: 'background remover' });
    // A name a letter off is the name, not a stem of a French word ("synthèse").
    expect(page('synthesa').interpreted).toEqual({ corrected: 'synthesia' });
    expect(top('synthesa', 1)).toEqual(['synthesia']);
    // A weak word run into its neighbour is two words, not a typo of a name ("textto" is not Textio).
    expect(page('textto speech').interpreted).toEqual({ corrected: 'text to speech' });
    for (const slug of top('textto speech')) expect(inCategory(slug, 'text-to-speech'), slug).toBe(true);
    expect(inCategory(top('backround remover', 1)[0]!, 'background-removal')).toBe(true);
    expect(top('midjorney', 1)).toEqual(['midjourney']);
    // Between catalog words as near, the one that keeps the word's first letter ("olama": Ollama, not Llama).
    expect(page('olama').interpreted).toEqual({ corrected: 'ollama' });
    expect(top('olama', 1)).toEqual(['ollama']);
    expect(page('how to unclog a drain').hits).toEqual([]);
  });

  it('reads a "list" beside tools in the plural as the list asked for, and a to-do or grocery list as a need', () => {
    expect(words('stability ai tools list')).toEqual(['stability']);
    expect(new Set(top('stability ai tools list', 2))).toEqual(new Set(['stable-diffusion', 'stable-audio']));
    expect(words('grocery list for the week')).toContain('list');
  });
});

describe('search for comparisons and alternatives', () => {
  it('answers "X vs Y" (and "or", "versus") with X and Y first, then the tools most like both', () => {
    for (const q of ['cursor vs github copilot', 'cursor or github copilot', 'cursor versus github copilot']) {
      const answer = page(q);
      expect(top(q, 2), q).toEqual(['cursor', 'github-copilot']);
      expect(answer.interpreted).toEqual({ versus: ['cursor', 'github-copilot'] });
      const scores = answer.hits.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    expect(top('chatgpt vs claude', 2)).toEqual(['chatgpt', 'claude']);
  });

  it('reads "X is too expensive" as alternatives to X, the rest as the need ("jasper is too expensive, cheaper ai copywriter")', () => {
    expect(page('jasper is too expensive, cheaper ai copywriter?').interpreted).toEqual({ similar_to: 'jasper' });
    expect(top('jasper is too expensive, cheaper ai copywriter?')).not.toContain('jasper');
    expect(top('midjourney is way too expensive')).toEqual(top('midjourney alternatives'));
  });

  it('reads who alternatives are for, what they may cost and why they are wanted as no need ("jasper alternative for a small business" answers Jasper\'s rivals, not small-business tools)', () => {
    expect(top('jasper alternative for a small business')).toEqual(top('jasper alternative'));
    expect(top('notion ai alternative for teams')).toEqual(top('notion ai alternative'));
    expect(top('github copilot alternative we can self host for privacy')).toEqual(top('github copilot alternative self hosted'));
    expect(top('descript alternative for podcast editing')).not.toEqual(top('descript alternative'));
  });

  it('answers a tool against its rivals or against what the catalog lacks with its alternatives, and a name that is an English word against what is no tool nor a word of the catalog with nothing ("llama vs alpaca")', () => {
    for (const q of ['elevenlabs vs the rest', 'notion ai vs obsidian']) expect(page(q).interpreted, q).toEqual({ similar_to: q.startsWith('notion') ? 'notion-ai' : 'elevenlabs' });
    expect(top('elevenlabs vs the rest')).toEqual(top('elevenlabs alternatives'));
    for (const q of ['llama vs alpaca whats the difference', 'otter vs beaver', 'sea otter vs river otter']) expect(page(q).hits, q).toEqual([]);
  });

  it('reads "free chatgpt alternative" as similar_to=chatgpt with pricing free or freemium, in every language', () => {
    for (const [q, language] of [['free chatgpt alternative', undefined], ['alternativa gratuita a chatgpt', 'es'], ['kostenlose alternative zu chatgpt', 'de']] as const) {
      const answer = page(q);
      expect(answer.interpreted, q).toEqual({ ...(language && { language }), pricing: ['free', 'freemium'], similar_to: 'chatgpt' });
      expect(answer.hits.length).toBeGreaterThan(3);
      for (const h of answer.hits) expect(['free', 'freemium']).toContain(data.tools[h.index]!.pricing);
      expect(answer.hits.map((h) => data.tools[h.index]!.slug)).not.toContain('chatgpt');
    }
  });

  it('reads what alternatives should not have as no need of theirs, in every language ("without limits", "sin limites")', () => {
    for (const q of ['chatgpt alternative free and without limits', 'alternativa a chatgpt gratis y sin limites', 'alternative a chatgpt gratuite sans limites']) {
      expect(page(q).interpreted?.similar_to, q).toBe('chatgpt');
      expect(top(q).every((s) => inCategory(s, 'ai-chatbots')), q).toBe(true);
    }
  });

  it('reads "alternative X" without a connector, and a contraction typed without its apostrophe as the word it is ("thats" is no typo of "chats")', () => {
    expect(page('alternative grammarly').interpreted).toEqual({ similar_to: 'grammarly' });
    expect(page('grammarly alternative thats free').interpreted).toEqual({ similar_to: 'grammarly', pricing: ['free', 'freemium'] });
    expect(page('alternativa gratuita ao grammarly').interpreted).toEqual({ language: 'pt', similar_to: 'grammarly', pricing: ['free', 'freemium'] });
  });

  it('reads a name followed by a word of what the tool is as that tool ("surfer seo alternative")', () => {
    expect(page('surfer seo alternative').interpreted).toEqual({ similar_to: 'surfer' });
    expect(top('surfer seo alternative', 3)).not.toContain('surfer');
    // A word the tool is not about stays a need of its own.
    expect(page('surfer recipes alternative').interpreted).not.toEqual({ similar_to: 'surfer' });
  });

  it('reads a tool named on a platform or at a price it lacks, or with "but" before a constraint, as alternatives that meet it', () => {
    expect(page('macwhisper for windows').interpreted).toEqual({ platform: ['windows'], similar_to: 'macwhisper' });
    expect(page('photoshop free').interpreted).toEqual({ pricing: ['free', 'freemium'], similar_to: 'adobe-photoshop' });
    for (const slug of top('photoshop free', 3)) expect(['free', 'freemium'], slug).toContain(tool(slug).pricing);
    for (const slug of top('macwhisper for windows', 3)) expect(tool(slug).platforms, slug).toContain('windows');
    expect(page('grammarly but open source').interpreted).toEqual({ open_source: true, similar_to: 'grammarly' });
    expect(top('grammarly but open source', 1)).toEqual(['languagetool']);
    // The tool named first before "but", the other words the need ("as good as X" says which tool).
    expect(page('cursor but fully open source').interpreted).toEqual({ open_source: true, similar_to: 'cursor' });
    expect(page('cursor but open source, as a vs code extension').interpreted).toEqual({ open_source: true, platform: ['ide-extension'], similar_to: 'cursor' });
    expect(page('midjourney quality pics but on my own pc with no monthly fee').interpreted).toEqual({ pricing: ['free', 'freemium'], runs_locally: true, similar_to: 'midjourney' });
    for (const slug of top('midjourney quality pics but on my own pc with no monthly fee')) expect(runsLocally(tool(slug)) && inCategory(slug, 'text-to-image'), slug).toBe(true);
    for (const slug of top('photoshop generative fill but free and running on my own nvidia card')) expect(inCategory(slug, 'generative-fill'), slug).toBe(true);
    // A tool on the platform asked for is the answer itself.
    expect(top('chatgpt for mac', 1)).toEqual(['chatgpt']);
  });

  it('reads a constraint the query does not want as neither a filter nor a need ("no api calls"), and the form alternatives come in as no need ("as a python package")', () => {
    expect(page('elevenlabs quality tts that runs offline on my laptop, no api calls').interpreted).toEqual({ runs_locally: true });
    expect(top('elevenlabs quality tts that runs offline on my laptop, no api calls', 1)).toEqual(['kokoro']);
    expect(top('remove.bg but as a python package that runs locally', 1)).toEqual(['rembg']);
  });

  it('leaves out of the need what an alternatives query is not to be tied to ("isnt tied to langchain")', () => {
    expect(top('langsmith alternative that isnt tied to langchain, preferably open source')).not.toContain('langchain');
    expect(top('langsmith alternative that isnt tied to langchain, preferably open source').some((s) => ['langfuse', 'arize-phoenix', 'opik', 'helicone'].includes(s))).toBe(true);
  });

  it('leaves out of the need what an alternatives query does not want ("not owned by bytedance", "doesnt need discord")', () => {
    expect(page('capcut alternative not owned by bytedance').interpreted).toEqual({ similar_to: 'capcut' });
    for (const slug of top('capcut alternative not owned by bytedance')) expect(tool(slug).maker, slug).not.toMatch(/ByteDance/);
    for (const slug of top('free midjourney alternative that doesnt need discord')) expect(inCategory(slug, 'text-to-image'), slug).toBe(true);
  });

  it('reads "or" after the words of a need as a choice within it, not a comparison ("cheap api for llama or mistral")', () => {
    for (const q of ['cheap api for llama or mistral', 'api pas chere pour llama ou mistral']) {
      expect(page(q).interpreted?.versus, q).toBeUndefined();
      for (const slug of top(q)) expect(inCategory(slug, 'inference-platforms'), `${q}: ${slug}`).toBe(true);
    }
    expect(page('which is better chatgpt or claude').interpreted).toEqual({ versus: ['chatgpt', 'claude'] });
  });

  it('reads a name several tools share as the one the query\'s other words, or the tool compared, are about ("copilot vs cursor" is GitHub Copilot)', () => {
    expect(page('copilot vs cursor').interpreted?.versus).toEqual(['github-copilot', 'cursor']);
    expect(page('copilot vs chatgpt').interpreted?.versus).toEqual(['microsoft-copilot', 'chatgpt']);
    expect(page('copilot alternative for vscode').interpreted?.similar_to).toBe('github-copilot');
    expect(page('copilot alternative').interpreted?.similar_to).toBe('microsoft-copilot');
  });

  it('reads "is X better than Y" as a comparison of the two', () => {
    expect(top('is kling better than runway', 2)).toEqual(['kling-ai', 'runway']);
    expect(page('is kling better than runway').interpreted).toEqual({ versus: ['kling-ai', 'runway'] });
  });

  it('matches the need stated beside alternatives, the tools most like X first among equal matches', () => {
    const q = 'descript alternatives for podcast editing';
    const answer = page(q);
    expect(answer.interpreted).toEqual({ similar_to: 'descript' });
    const slugs = top(q, 5);
    expect(slugs).not.toContain('descript');
    for (const slug of slugs.slice(0, 3)) expect(tool(slug).categories.map((c) => c.slug).join(' '), slug).toMatch(/podcast|audio/);
    // Without a need, the same words answer the plain alternatives, video editors among them.
    expect(top('descript alternatives', 5).some((slug) => inCategory(slug, 'video-editing'))).toBe(true);
    // A need no alternative is about ("in german") leaves the plain alternatives.
    expect(top('chatgpt alternative in german', 3)).toEqual(top('chatgpt alternative', 3));
  });

  it('keeps a tool\'s name of several words through translation, and reads "or" in the six languages: "le chat ou chatgpt" compares two tools', () => {
    expect(page('le chat ou chatgpt').interpreted).toEqual({ language: 'fr', versus: ['le-chat', 'chatgpt'] });
    expect(top('le chat ou chatgpt', 2)).toEqual(['le-chat', 'chatgpt']);
  });

  it('reads a query as the language more of whose words it uses when two are as likely ("com" is Portuguese)', () => {
    expect(page('editor de video gratis com ia').interpreted?.language).toBe('pt');
    expect(page('editor de video gratis con ia').interpreted?.language).toBe('es');
  });

  it('judges "X into Y" by the need after "into": the words before are the material', () => {
    const q = 'turn my class notes into a slideshow';
    expect(top(q, 3).some((slug) => inCategory(slug, 'presentations')), top(q, 3).join()).toBe(true);
  });

  it('never reads a word the catalog uses as a typo of a name ("resume" is not Relume)', () => {
    expect(top('resume generator', 10)).not.toContain('relume');
    expect(top('relume', 1)).toEqual(['relume']);
  });

  it('reads "X but cheaper" as alternatives to X, in every language ("iets als superhuman maar goedkoper")', () => {
    for (const q of ['superhuman but cheaper', 'iets als superhuman maar goedkoper', 'so was wie superhuman aber billiger']) expect(page(q).interpreted?.similar_to, q).toBe('superhuman');
  });

  it('reads "cheaper than X" as the pricing tiers below X\'s, and a freemium X\'s own (its paid plans are its price)', () => {
    expect(page('cheaper than jasper').interpreted).toEqual({ similar_to: 'jasper', pricing: ['free', 'freemium'] });
    expect(page('cheaper than github copilot').interpreted).toEqual({ similar_to: 'github-copilot', pricing: ['free', 'freemium'] });
    for (const h of page('cheaper than github copilot').hits) expect(data.tools[h.index]!.pricing).not.toBe('paid');
    expect(page('cheaper than chatgpt').interpreted?.pricing).toEqual(['free', 'freemium']);
    // Nothing is cheaper than free: alternatives to a free tool, any price.
    expect(page('cheaper than aider').interpreted).toEqual({ similar_to: 'aider' });
  });

  it('keeps constraint words that are part of a task as words: "api for open source models" hosts them', () => {
    const answer = page('serverless api for open source models');
    expect(answer.interpreted?.open_source).toBeUndefined();
    expect(top('serverless api for open source models', 3).every((slug) => inCategory(slug, 'inference-platforms')), top('serverless api for open source models', 3).join()).toBe(true);
  });

  it('reads "mobile" before a word that is no device\'s as a description ("a mobile dog grooming business"), and "mobile app" or "for mobile" as the platform', () => {
    expect(page('starting a mobile dog grooming business need name ideas where the .com isnt taken yet').interpreted?.platform).toBeUndefined();
    expect(top('starting a mobile dog grooming business need name ideas where the .com isnt taken yet', 1)).toEqual(['godaddy-ai-domain-search']);
    expect(page('mobile app for budgeting').interpreted?.platform).toEqual(['ios', 'android']);
    expect(page('photo editor for mobile').interpreted?.platform).toEqual(['ios', 'android']);
  });

  it('applies constraint words as filters: open source, for mac, api', () => {
    const open = page('open source image generator');
    expect(open.interpreted).toEqual({ open_source: true });
    for (const h of open.hits) expect(data.tools[h.index]!.open_source).toBe(true);
    const mac = page('dictation for mac');
    expect(mac.interpreted).toEqual({ platform: ['macos'] });
    for (const h of mac.hits) expect(data.tools[h.index]!.platforms).toContain('macos');
    expect(page('photo editor that works in the browser').interpreted).toEqual({ platform: ['web'] });
    expect(page('open source cursor alternative that runs on linux').interpreted).toEqual({ open_source: true, platform: ['linux'], similar_to: 'cursor' });
    expect(page('logo maker without a subscription').interpreted).toEqual({ pricing: ['free', 'freemium'] });
    // Servers of one's own are what self-hosting means: tools that run there, whatever their licence.
    for (const q of ['transcription on our own servers', 'on prem llm', 'self hosted workflow automation']) expect(page(q).interpreted, q).toEqual({ runs_locally: true });
    expect(top('zapier but self hosted')).toContain('n8n');
    // A request's own filter and the query's constraint both apply.
    expect(page('free image generator', { pricing: ['paid'] }).total).toBe(0);
  });

  it('reads "offline", "runs locally" and "without internet" as tools that run on one\'s own machine, in every language; facets count within them', () => {
    for (const q of ['speech to text offline', 'remove.bg alternative that works offline', 'chatgpt alternative die offline auf meinem laptop läuft', 'transcrire des interviews sans internet']) {
      const answer = engine.page(q, {}, 0, 10, { matches: true });
      expect(answer.interpreted?.runs_locally, q).toBe(true);
      expect(answer.total, q).toBeGreaterThan(0);
      for (const doc of Array.from(answer.matched!.docs)) expect(runsLocally(data.tools[doc]!), `${q}: ${data.tools[doc]!.slug}`).toBe(true);
    }
    expect(page('chatgpt alternative die offline auf meinem laptop läuft').interpreted?.language).toBe('de');
    // Alternatives that do what the named tool is first for, when there are some that run locally;
    // else the tools that say they run locally ("chatgpt": local model runners).
    expect(page('remove.bg alternative that works offline').interpreted).toEqual({ runs_locally: true, similar_to: 'remove-bg' });
    expect(top('remove.bg alternative that works offline', 1)).toEqual(['rembg']);
    expect(top('elevenlabs alternative i can run locally on my own pc')).toContain('kokoro');
    for (const slug of top('chatgpt alternative that runs offline on my laptop')) expect(inCategory(slug, 'local-llm-runners'), slug).toBe(true);
    // Said in words of its own: nothing sent to a cloud, nothing leaving one's machine.
    expect(page('grammarly but free and my writing doesnt get sent to some cloud').interpreted).toEqual({ pricing: ['free', 'freemium'], runs_locally: true, similar_to: 'grammarly' });
    expect(top('grammarly but free and my writing doesnt get sent to some cloud', 1)).toEqual(['languagetool']);
    for (const q of ['otter but nothing leaves my macbook', 'transcription app, nothing uploaded']) expect(page(q).interpreted?.runs_locally, q).toBe(true);
    // "local" alone is a word ("local seo"), not the constraint.
    expect(page('local seo').interpreted).toBeUndefined();
  });

  it('reads a tool\'s own name as a name, even when it holds a constraint word', () => {
    expect(top('gemini cli', 1)).toEqual(['gemini-cli']);
    expect(page('gemini cli').interpreted).toBeUndefined();
  });
});

describe('search precision', () => {
  it('corrects a word two letters away only to a catalog word with its first letter ("cleaning" is not "learning")', () => {
    expect(page('house cleaning business website').interpreted?.corrected).toBeUndefined();
    expect(words('house cleaning business website')).toContain('cleaning');
    expect(page('backround remover').interpreted?.corrected).toBe('background remover');
  });

  it('reads a tool named by an English word as that word among words of something else ("where do river otters live"), and as the tool beside what it does or a version', () => {
    for (const q of ['where do river otters live in north america', 'no bake granola bars with honey and oats']) expect(page(q).hits, q).toEqual([]);
    expect(top('otter transcription', 1)).toEqual(['otter-ai']);
    expect(top('granola meeting notes', 1)).toEqual(['granola']);
    expect(top('gemma 3 27b', 1)).toEqual(['gemma']);
  });

  it('answers nothing to a tool\'s name beside a word of its namesake, in any language, unless a word names a tool ("claude monet", "mistral vent", "leonardo da vinci cenacolo")', () => {
    for (const q of ['claude monet water lilies poster print', 'mistral vent vitesse record marseille', 'leonardo da vinci cenacolo biglietti', 'que comen las llamas en los andes', 'pi to 100 digits']) expect(page(q).hits, q).toEqual([]);
    expect(top('claude monet style ai art generator').every((s) => inCategory(s, 'text-to-image'))).toBe(true);
    expect(page('claude monet style ai art generator').interpreted?.corrected).toBeUndefined();
    expect(top('dog barks during my zoom calls', 1)).toEqual(['krisp']);
    expect(top('leonardo ai', 1)).toEqual(['leonardo-ai']);
  });

  it('reads a word whose doubled letter the index drops as itself, not as the start of other words ("tall" is not "talking"), and a verb\'s doubled consonant as its own ("getting" finds "get")', () => {
    expect(page('how tall do giraffes get').hits).toEqual([]);
    expect(page('tall').hits).toEqual([]);
    expect(top('tomato leaves getting yellow spots whats wrong with my plant')).toContain('picturethis');
  });

  it('answers "how often" and "how much does X eat" with nothing, and "how much does X cost" with X', () => {
    for (const q of ['how often to feed a ball python', 'how much does a sea otter eat per day']) expect(page(q).hits, q).toEqual([]);
    expect(top('how much does midjourney cost', 1)).toEqual(['midjourney']);
  });

  it('answers a recipe for a dish with nothing, and recipes for what a tool does, or a recipe app, with tools', () => {
    for (const q of ['rezept für käsespätzle', 'recette crepes facile', 'no bake granola bar recipe']) expect(page(q).hits, q).toEqual([]);
    for (const q of ['recipes from whats in my fridge', 'ricette con quello che ho in frigo', 'crepes recipe app', 'vegan recipes', 'recipes for picky eaters']) expect(top(q).some((s) => inCategory(s, 'cooking-and-recipes')), q).toBe(true);
  });

  it('reads words that name an object\'s own properties as plain words, in every language\'s tables', () => {
    for (const q of ['constructor', 'bildgenerator constructor', '__proto__', 'tostring', 'hasownproperty valueof']) {
      expect(() => page(q), q).not.toThrow();
    }
  });

  it.each(['how to unclog a drain', 'voice lessons near me', 'gemini horoscope this week', 'chocolate cake recipe with cherries', 'how to train a puppy not to bite'])('answers nothing to "%s"', (q) => {
    expect(page(q).hits).toEqual([]);
    expect(page(q).total).toBe(0);
  });

  it('answers a query that asks for a tool ("ki", "is there a way") with the tools that match it best when none matches all it says, and one that asks for nothing with nothing', () => {
    for (const q of ['any way to make my grandmas recipe cards digital', 'is there an app for my grandmas recipe cards digital']) {
      expect(top(q).every((s) => inCategory(s, 'cooking-and-recipes')), q).toBe(true);
    }
    expect(page('make my grandmas recipe cards digital').hits).toEqual([]);
    // A need stated ("need a", "want something") asks for something to meet it.
    expect(top('starting a dog grooming van and need a logo, i literally cannot draw').some((s) => inCategory(s, 'logo-design'))).toBe(true);
    expect(page('starting a dog grooming van, logo, i literally cannot draw').hits).toEqual([]);
  });

  it('reads English words as English even when another language has them too, and as themselves beside other words, not as the start of a name', () => {
    // "premier" is French, "table" begins "Tableau" and "premier" begins "Premiere Pro".
    expect(page('premier league table').interpreted).toBeUndefined();
    expect(page('premier league table').hits).toEqual([]);
    // Alone, a word still finds the name it begins (someone typing it).
    expect(top('table', 1)).toEqual(['tableau']);
  });

  it('reads an English word beside others as itself, not as the start of an unrelated word ("late" is not "latency")', () => {
    expect(data.vocabulary.unrelatedStarts.late).toContain('latency');
    expect(page('pizza places open late near me').hits).toEqual([]);
    // From three letters: "cat" begins "catalog".
    expect(data.vocabulary.unrelatedStarts.cat).toContain('catalog');
    expect(page('why does my cat throw up after eating').hits).toEqual([]);
    // Its inflections and derivations are still the word: "plan" finds planners, "photo" photography.
    expect(data.vocabulary.unrelatedStarts.plan ?? []).not.toContain('planner');
    expect(data.vocabulary.unrelatedStarts.photo ?? []).not.toContain('photography');
    // Alone, it still finds what it begins (someone typing "laten").
    expect(top('late', 3).length).toBeGreaterThan(0);
  });

  it('stems a word of three letters before "-ing" to the verb ("rising": rise, which does not begin "risk")', () => {
    expect(page('why is my sourdough not rising').total).toBe(0);
    for (const slug of top('rising', 10)) expect(['covidence', 'gong'], slug).not.toContain(slug);
  });

  it('reads a maker asked for in words ("everything openai has released") as the maker, its tools first', () => {
    for (const slug of top('everything openai has released', 3)) expect(tool(slug).maker, slug).toMatch(/OpenAI/);
    for (const slug of top('what ai products has amazon put out', 3)) expect(tool(slug).maker, slug).toMatch(/Amazon/);
    expect(top('what else does the company behind devin make', 1)).toEqual(['devin']);
  });

  it('drops the rest of a contraction, a letter standing alone, "not" and the words every tool claims ("quick", "tomorrow")', () => {
    expect(words('turn my word doc into slides for tomorrow\'s meeting')).toEqual(['word', 'doc', 'slides', 'meeting']);
    expect(words('a quick and easy logo for my bakery')).toEqual(['logo', 'bakery']);
    // "not" begins "notebook": a negation says nothing a tool is about.
    expect(words('ball python not eating for 3 weeks')).toEqual(['ball', 'python', 'eating', 'weeks']);
    // "w" (with) would begin Whisper, Weglot and every other name.
    expect(words('translate for my guest staying w us')).toEqual(['translate', 'guest', 'staying']);
  });

  it('answers nothing to what people ask a map, a dictionary, an encyclopedia or a clock ("near me", "X meaning", "what does X mean", "who was", "what time is it"), in every language, but reads "search by meaning" and "what does it mean" as needs', () => {
    for (const q of ['plumber near me open sunday', 'canvas painting classes near me', 'perplexity meaning', 'hugging face emoji meaning',
      'what does grok mean', 'what year did the movie her with joaquin phoenix come out', 'what time is it in tokyo', 'what time does costco close on sunday', 'a que hora juega el real madrid hoy', 'quelle heure est il a tokyo', 'who was ada lovelace', 'wer war ada lovelace', 'quien fue claude shannon', 'how old is sam altman',
      'klempner in der nähe', 'jasper bedeutung', 'was bedeutet perplex', 'que significa jasper', 'wat betekent copilot', 'cours de peinture près de chez moi', 'significado de perplexity', 'lezioni di canto vicino a me', 'betekenis van notion']) {
      expect(page(q).total, q).toBe(0);
    }
    expect(top('perplexity', 1)).toEqual(['perplexity']);
    for (const q of ['search my documents by meaning', 'meaning based search over our docs', 'got a letter full of legal words, what does it mean']) expect(page(q).total, q).toBeGreaterThan(0);
  });

  it('reads a last word typed in part as the phrasing it starts ("image gen"), so image generators come first', () => {
    for (const slug of top('image gen', 5)) expect(inCategory(slug, 'text-to-image'), slug).toBe(true);
  });

  it('answers the MCP search tool\'s own example with text-to-speech tools that have a free plan', () => {
    for (const slug of top('text to speech with a free plan', 5)) {
      expect(inCategory(slug, 'text-to-speech'), slug).toBe(true);
      expect(['free', 'freemium']).toContain(tool(slug).pricing);
    }
  });
});
