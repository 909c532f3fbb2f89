import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { homeAdvertisedCount } from '../../shared/constants.ts';
import { type CachedAnswer, toCachedAnswer } from './public-list-cache.ts';

interface PageNeeds {
  /** The code the web app loads lazily for the page (src/web/app/router.tsx). */
  modules?: string[];
  /** API answers its first view waits for, at exactly the URLs the web app asks for them. */
  data?: string[];
}

/**
 * What each page needs first, by the addresses that show it. A page missing here still works; its code
 * and data just start loading after the main script has run.
 */
const pageNeeds: [RegExp, PageNeeds][] = [
  [/^\/$/, { data: ['/api/booksCategory', `/api/books/addvertise?limit=${homeAdvertisedCount}`] }],
  [/^\/login\/?$/, { modules: ['features/auth/login-page.tsx'], data: ['/api/auth-providers'] }],
  [/^\/signup\/?$/, { modules: ['features/auth/signup-page.tsx'], data: ['/api/auth-providers'] }],
  // Signed-in pages also need the auth client (lib/use-current-user.ts) before they show anything.
  [/^\/categoryBooks\/[^/]+\/?$/, { modules: ['features/books/category-page.tsx', 'lib/auth-client.ts'] }],
  [/^\/dashboard(\/.*)?$/, { modules: ['features/dashboard/dashboard-routes.tsx', 'lib/auth-client.ts'] }],
  [/^\/forgot-password\/?$/, { modules: ['features/auth/forgot-password-page.tsx'] }],
  [/^\/reset-password\/?$/, { modules: ['features/auth/reset-password-page.tsx'] }],
  [/^\/blogs\/?$/, { modules: ['features/blogs/blogs-page.tsx'] }],
  [/^\/about\/?$/, { modules: ['features/about/about-page.tsx'] }],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The web app's page for a page load, with `modulepreload` links for the code of the page asked for (read
 * from Vite's manifest) and `preload` links for the API answers it shows first, so the browser fetches them
 * beside the main script instead of after it has run (the app's own `fetch` then takes the preloaded
 * answer). Built once; sent like a cached answer (ETag, compressed once).
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
  const variants = pageNeeds.map(([pattern, { modules = [], data = [] }]): [RegExp, CachedAnswer] => {
    const files = new Set<string>();
    for (const module of modules) filesOf(module, files);
    const links = [
      ...[...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      // `crossorigin` (anonymous) asks as the app's fetch() does: same-origin credentials, CORS mode.
      ...data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
    ].join('');
    return [pattern, links ? toCachedAnswer('', html.replace('</head>', `${links}</head>`), headers) : plain];
  });
  return (pathname) => variants.find(([pattern]) => pattern.test(pathname))?.[1] ?? plain;
}
