import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { hasPlaceholders, parseText } from '../shared/i18n/icu.ts';
import { localeCodes } from '../shared/i18n/locales.ts';
import { pseudoText } from './pseudo-locale.ts';

// Hands the web each language's texts as three chunks (the sections Home needs, the other pages', and the long
// articles', which only the pages showing them load), with every ICU string parsed here, at build time: the browser
// gets the formatter (shared/i18n/icu.ts) without the parser.
// `virtual:catalogues` exports a loader per language and group (web/lib/text-source.ts uses them).
// With PSEUDO_LOCALE=1 (a test build of its own, `npm run test:pseudo`) English's texts are pseudo-localized
// (pseudo-locale.ts): what shows in plain English on a page of that build is not from the catalogues.

/** Whether this build pseudo-localizes English (never the store's build: vite.config.ts puts it in dist/web-pseudo). */
export const pseudoLocale = process.env.PSEUDO_LOCALE === '1';

const loaders = 'virtual:catalogues';
const groups = ['shell', 'pages', 'articles'] as const;
type Group = (typeof groups)[number];
const chunkPrefix = 'virtual:catalogue/';
const resolved = (id: string) => `\0${id}`;

function parsed(leaf: unknown, pseudo = false): unknown {
  if (typeof leaf === 'string') {
    if (pseudo) return pseudoText(leaf, hasPlaceholders(leaf));
    return hasPlaceholders(leaf) ? parseText(leaf) : leaf;
  }
  if (Array.isArray(leaf)) return leaf.map((item) => parsed(item, pseudo));
  return Object.fromEntries(Object.entries(leaf as object).map(([key, value]) => [key, parsed(value, pseudo)]));
}

async function sectionsOf(root: string, locale: string, group: Group) {
  const dir = path.join(root, 'src/shared/i18n/catalogues');
  const english = await import(pathToFileURL(path.join(dir, 'en.ts')).href);
  const catalogue =
    locale === 'en' ? english.english : (await import(pathToFileURL(path.join(dir, `${locale}.ts`)).href)).default;
  const shell = new Set<string>(english.shellSections);
  const articles = new Set<string>(english.articleSections);
  const server = new Set<string>(english.serverSections);
  const groupOf = (section: string): Group | undefined => {
    if (server.has(section) || !(section in english.english)) return undefined;
    return shell.has(section) ? 'shell' : articles.has(section) ? 'articles' : 'pages';
  };
  return Object.fromEntries(
    Object.entries(catalogue as Record<string, unknown>).filter(([section]) => groupOf(section) === group),
  );
}

export function catalogueChunks(): Plugin {
  let root = process.cwd();
  return {
    name: 'catalogue-chunks',
    configResolved(config) {
      root = path.resolve(config.root, '../..');
    },
    resolveId(id) {
      if (id === loaders || id.startsWith(chunkPrefix)) return resolved(id);
    },
    async load(id) {
      if (id === resolved(loaders)) {
        const entries = (group: string) =>
          localeCodes.map((code) => `${code}: () => import('${chunkPrefix}${code}/${group}')`).join(', ');
        return groups.map((group) => `export const ${group} = { ${entries(group)} };\n`).join('');
      }
      if (!id.startsWith(resolved(chunkPrefix))) return;
      const [locale, group] = id.slice(resolved(chunkPrefix).length).split('/') as [string, Group];
      const pseudo = pseudoLocale && locale === 'en';
      return `export default ${JSON.stringify(parsed(await sectionsOf(root, locale, group), pseudo))};\n`;
    },
  };
}
