import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// CONTRIBUTING and ARCHITECTURE send a newcomer to files by their paths: every path they name must exist.

const root = fileURLToPath(new URL('../../', import.meta.url));
const documents = ['CONTRIBUTING.md', 'docs/ARCHITECTURE.md'];
const topFolders = ['src', 'tests', 'docs', 'bench', 'drizzle'];
const aliases: Record<string, string> = { '#server/': 'src/server/', '#shared/': 'src/shared/', '#web/': 'src/web/' };
/** A path that starts inside one of these (`http/access.ts`, `features/books/`) names a file of one of them. */
const sides = ['src/server/', 'src/web/', 'src/shared/'];

/** Every file and folder (with its trailing slash) under the top folders, relative to the root. */
const tree = topFolders.flatMap((top) => [
  `${top}/`,
  ...readdirSync(`${root}${top}`, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = `${entry.parentPath.slice(root.length)}/${entry.name}`;
    return entry.isDirectory() ? `${path}/` : path;
  }),
]);
const folders = new Set(tree.filter((path) => path.endsWith('/')));
const sideFolders = [
  ...new Set(
    sides.flatMap((side) =>
      [...folders]
        .filter((path) => path.startsWith(side) && path !== side)
        .map((path) => path.slice(side.length).split('/')[0]!),
    ),
  ),
];

const namedPath = new RegExp(
  String.raw`(?<![\w/.#-])(?:#server|#shared|#web|${[...topFolders, ...sideFolders].join('|')})/[\w./<>*…-]*`,
  'g',
);

/**
 * The paths a text names, each with the pattern of the files it may mean: `<name>` stands for one folder or name
 * (the same each time it recurs), `*` for part of one, `**` and `…` for anything.
 */
function pathsIn(text: string): { path: string; pattern: RegExp }[] {
  return [...new Set(text.match(namedPath))].map((path) => {
    let full = path.replace(/\.+$/, '');
    for (const [alias, folder] of Object.entries(aliases)) {
      if (full.startsWith(alias)) full = folder + full.slice(alias.length);
    }
    const placeholders: string[] = [];
    const source = full
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/<([^>]+)>|\*\*|\*|…/g, (wildcard, name?: string) => {
        if (!name) return wildcard === '*' ? '[^/]*' : '.*';
        const seen = placeholders.indexOf(name);
        if (seen >= 0) return `\\${seen + 1}`;
        placeholders.push(name);
        return '([^/]+)';
      });
    const under = topFolders.some((top) => full.startsWith(`${top}/`)) ? '' : `(?:${sides.join('|')})`;
    return { path, pattern: new RegExp(`^${under}${source}${full.endsWith('/') ? '' : '/?'}$`) };
  });
}

const missingIn = (text: string) =>
  pathsIn(text)
    .filter(({ pattern }) => !tree.some((path) => pattern.test(path)))
    .map(({ path }) => path);

describe('the paths the contributor documents name', () => {
  it.each(documents)('all exist: %s', (document) => {
    const text = readFileSync(`${root}${document}`, 'utf8');
    expect(pathsIn(text).length).toBeGreaterThan(20);
    expect(missingIn(text)).toEqual([]);
  });

  it('are read as a newcomer reads them: aliases, paths inside a side, placeholders and globs', () => {
    const text =
      '`#web/lib/api-client.ts`, `#server/db/client.ts`, `http/access.ts`, `features/<name>/<name>.nowhere.ts`, ' +
      '`src/server/features/<name>/<name>.service.ts`, `src/server/db/schema/*.ts`, `drizzle/0001…`, `tests/http/`.';
    expect(missingIn(text)).toEqual(['#web/lib/api-client.ts', 'features/<name>/<name>.nowhere.ts']);
  });
});
