import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CachedAnswer, toCachedAnswer } from './public-list-cache.ts';

/**
 * The code of each page the web app loads lazily (src/web/app/router.tsx), by the addresses that show it.
 * A page missing here still works; its code just starts loading after the main script has run.
 */
const pageModules: [RegExp, string[]][] = [
  [/^\/login\/?$/, ['features/auth/login-page.tsx']],
  [/^\/signup\/?$/, ['features/auth/signup-page.tsx']],
  // Signed-in pages also need the auth client (lib/use-current-user.ts) before they show anything.
  [/^\/categoryBooks\/[^/]+\/?$/, ['features/books/category-page.tsx', 'lib/auth-client.ts']],
  [/^\/dashboard(\/.*)?$/, ['features/dashboard/dashboard-routes.tsx', 'lib/auth-client.ts']],
  [/^\/blogs\/?$/, ['features/blogs/blogs-page.tsx']],
  [/^\/about\/?$/, ['features/about/about-page.tsx']],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The web app's page for a page load, with `modulepreload` links for the code of the page asked for (read
 * from Vite's manifest), so the browser fetches that code beside the main script instead of after it has
 * run. Built once; sent like a cached answer (ETag, compressed once).
 */
export function createWebAppPages(webRoot: string): (pathname: string) => CachedAnswer | undefined {
  let pages: ((pathname: string) => CachedAnswer) | undefined;
  return (pathname) => {
    const indexFile = path.join(webRoot, 'index.html');
    if (!pages && existsSync(indexFile)) pages = buildPages(webRoot, readFileSync(indexFile, 'utf8'));
    return pages?.(pathname);
  };
}

function buildPages(webRoot: string, html: string): (pathname: string) => CachedAnswer {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const headers = { 'content-type': 'text/html; charset=utf-8' };
  const plain = toCachedAnswer('', html, headers);

  /** A chunk's file and those of its static imports, minus what index.html already loads. */
  const filesOf = (key: string, found: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || found.has(chunk.file)) return;
    found.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, found);
  };
  const variants = pageModules.map(([pattern, modules]): [RegExp, CachedAnswer] => {
    const files = new Set<string>();
    for (const module of modules) filesOf(module, files);
    const links = [...files]
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    return [pattern, links ? toCachedAnswer('', html.replace('</head>', `${links}</head>`), headers) : plain];
  });
  return (pathname) => variants.find(([pattern]) => pattern.test(pathname))?.[1] ?? plain;
}
