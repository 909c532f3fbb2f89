import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { homeAdvertisedCount, pageDataId } from '#shared/constants.ts';
import {
  type Locale,
  localeCodes,
  localeOfPath,
  locales,
  localizedPath,
  pathWithoutLocale,
} from '#shared/i18n/locales.ts';
import { inLocale } from '#shared/i18n/text-source.ts';
import { type CachedAnswer, toCachedAnswer } from './cached-response.ts';

/** A page's own head: what search engines and link previews read. Every text is escaped when written. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's address under APP_URL, query included. */
  canonicalPath: string;
  /** Open Graph type: `website` unless said. */
  type?: 'website' | 'book' | 'profile';
  /** An absolute URL. */
  image?: string;
  imageAlt?: string;
  /** Asks search engines not to index the page (search results, missing and gone books). */
  noindex?: boolean;
  /** schema.org data, written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

/** Answers at a page's URL differ by Accept: the page, or a JSON 404 for a client taking only JSON. */
export const pageVary = 'Accept';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

/** JSON inside a <script> element: nothing in it can close the element or start markup. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The same page in every language, and the English one as the default (`hreflang`). */
export function languageAlternates(path: string, baseUrl: string): string {
  const link = (hreflang: string, locale: Locale) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${baseUrl}${localizedPath(locale, path)}`)}">`;
  return [...localeCodes.map((locale) => link(locale, locale)), link('x-default', 'en')].join('');
}

/** The <head> elements of `head` (its canonical path in English) for a page in `locale`, on the site at `baseUrl`. */
export function headElements(head: PageHead, baseUrl: string, locale: Locale = 'en'): string {
  const url = `${baseUrl}${localizedPath(locale, head.canonicalPath)}`;
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    head.noindex ? '' : languageAlternates(head.canonicalPath, baseUrl),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', 'The Big Bookshelf'),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    head.image ? meta('property', 'og:image', head.image) : '',
    head.image && head.imageAlt ? meta('property', 'og:image:alt', head.imageAlt) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image) : '',
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : '',
  ].join('');
}

/**
 * `html` with `inserted` before the first `marker`. Never `html.replace(marker, string)`: a replacement string reads
 * `$&`, `` $` ``, `$'` and `$$` as patterns, so a search for `` $` `` would copy the page into its own head.
 */
function insertBefore(html: string, marker: string, inserted: string): string {
  const at = html.indexOf(marker);
  return at === -1 ? html : `${html.slice(0, at)}${inserted}${html.slice(at)}`;
}

interface PageNeeds {
  /** The code the web app loads lazily for the page, its loader's too (src/web/app/router.tsx). */
  modules?: string[];
  /** API answers its first view waits for, at exactly the URLs the web app asks for them. */
  data?: string[];
  /** Whether it shows a long article, whose texts in the page's language are a chunk of their own (catalogue-chunks.ts). */
  articles?: boolean;
}

/**
 * What each page needs first, by the addresses that show it. A page missing here still works; its code
 * and data just start loading after the main script has run.
 */
const pageNeeds: [RegExp, PageNeeds][] = [
  [/^\/$/, { data: ['/api/booksCategory', `/api/books/addvertise?limit=${homeAdvertisedCount}`] }],
  [
    /^\/login\/?$/,
    { modules: ['features/auth/login-page.tsx', 'features/auth/login-page-loader.ts'], data: ['/api/auth-providers'] },
  ],
  [/^\/signup\/?$/, { modules: ['features/auth/signup-page.tsx'], data: ['/api/auth-providers'] }],
  // Signed-in pages also need the auth client (lib/use-current-user.ts) before they show anything.
  [
    /^\/categoryBooks\/[^/]+\/?$/,
    {
      modules: ['features/books/category-page.tsx', 'features/books/category-page-loader.ts', 'lib/auth-client.ts'],
    },
  ],
  [/^\/books\/[^/]+\/?$/, { modules: ['features/books/book-page.tsx', 'features/books/book-page-loader.ts'] }],
  [
    /^\/sellers\/[^/]+\/?$/,
    { modules: ['features/reviews/seller-page.tsx', 'features/reviews/seller-page-loader.ts'] },
  ],
  [/^\/bundle\/?$/, { modules: ['features/bundles/bundle-page.tsx', 'lib/auth-client.ts'] }],
  [/^\/search\/?$/, { modules: ['features/search/search-page.tsx', 'features/search/search-page-loader.ts'] }],
  [/^\/dashboard(\/.*)?$/, { modules: ['app/dashboard-routes.tsx', 'lib/auth-client.ts'] }],
  [/^\/forgot-password\/?$/, { modules: ['features/auth/forgot-password-page.tsx'] }],
  [/^\/reset-password\/?$/, { modules: ['features/auth/reset-password-page.tsx'] }],
  [/^\/blogs\/?$/, { modules: ['features/blogs/blogs-page.tsx'], articles: true }],
  [/^\/about\/?$/, { modules: ['features/about/about-page.tsx'], articles: true }],
  [/^\/help\/[^/]+\/?$/, { modules: ['features/help/help-page.tsx'], articles: true }],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface WebAppPages {
  /** The page as built, with the preloads of the page at `pathname`. */
  page(pathname: string): CachedAnswer | undefined;
  /**
   * The same page with its own head instead of the default title and description, more preload links, and what
   * the server draws in the main area until the app draws (features/seo/first-views.ts).
   */
  pageWithHead(
    pathname: string,
    head: string,
    options?: {
      preload?: string[];
      /** HTML for the main area. */
      firstView?: string;
      /** API answers by URL, written as the page's data (`pageDataId`) for the web app to start from. */
      data?: Record<string, unknown>;
      /** A picture the page shows at the top, preloaded at high priority beside the scripts. */
      image?: string;
    },
  ): string | undefined;
}

/** What the server draws in a page load's root before the app does (features/seo/first-views.ts). */
export interface FirstViews {
  /** The layout, with an empty main area: every page. */
  layout: () => string;
  /** Home's main area. */
  home: () => string;
}

/**
 * The web app's page for a page load, with `modulepreload` links for the code of the page asked for (read
 * from Vite's manifest) and `preload` links for the API answers it shows first, so the browser fetches them
 * beside the main script instead of after it has run (the app's own `fetch` then takes the preloaded
 * answer). Built once; sent like a cached answer (ETag, compressed once).
 */
export function createWebAppPages(webRoot: string, baseUrl: string, views: FirstViews): WebAppPages {
  let pages: ((pathname: string) => CachedAnswer) | undefined;
  const built = () => {
    const indexFile = path.join(webRoot, 'index.html');
    if (!pages && existsSync(indexFile)) {
      pages = buildPages(webRoot, readFileSync(indexFile, 'utf8'), baseUrl, views);
    }
    return pages;
  };
  return {
    page: (pathname) => built()?.(pathname),
    pageWithHead(pathname, head, options = {}) {
      const page = built()?.(pathname);
      if (!page) return undefined;
      const links = [
        ...(options.preload ?? []).map(
          (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`,
        ),
        options.data
          ? `<script type="application/json" id="${pageDataId}">${jsonForScript(options.data)}</script>`
          : '',
      ].join('');
      let html = insertBefore(
        page.body
          .toString()
          .replace(/<title>[^<]*<\/title>/, '')
          .replace(/<meta name="description"[^>]*>/, ''),
        '</head>',
        `${head}${links}`,
      );
      if (options.image) {
        // Asked for first, before the scripts: on a phone's connection the picture would otherwise queue behind them.
        const image = `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(options.image)}">`;
        html = insertBefore(html, '<script type="module"', image);
      }
      if (options.firstView) html = insertBefore(html, '</main>', options.firstView);
      return html;
    },
  };
}

function buildPages(
  webRoot: string,
  html: string,
  baseUrl: string,
  views: FirstViews,
): (pathname: string) => CachedAnswer {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const headers = { 'content-type': 'text/html; charset=utf-8', vary: pageVary };

  /** A chunk's file and those of its static imports, minus what index.html already loads. */
  const filesOf = (key: string, found: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || found.has(chunk.file)) return;
    found.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, found);
  };
  /**
   * The page in a language: its `lang` and `dir`, the layout drawn in it, and that language's texts for Home loading
   * beside the script.
   */
  const pageIn = (locale: Locale) => {
    const texts = new Set<string>();
    filesOf(`../../virtual:catalogue/${locale}/shell`, texts);
    return insertBefore(
      html
        .replace('<html lang="en">', `<html lang="${locale}" dir="${locales[locale].dir}">`)
        .replace('<div id="root"></div>', () => `<div id="root">${inLocale(locale, views.layout)}</div>`),
      '</head>',
      [...texts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''),
    );
  };
  const variantsIn = (locale: Locale) => {
    const localized = pageIn(locale);
    /** A page with more links in its head: preloads of `files` (but those it has) and `more`. */
    const withLinks = (files: Set<string>, more: string[] = [], page = localized) => {
      const links = [
        ...[...files]
          .filter((file) => !page.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...more,
      ].join('');
      return toCachedAnswer('', links ? insertBefore(page, '</head>', links) : page, headers);
    };
    const homePage = insertBefore(localized, '</main>', inLocale(locale, views.home));
    // Every page but Home waits for the other pages' texts before it draws (web/lib/text-source.ts): they load
    // beside the main script. Home never needs them, and its first download stays as small as it can.
    const pageTexts = (files: Set<string>) => filesOf(`../../virtual:catalogue/${locale}/pages`, files);
    const anyOtherPage = new Set<string>();
    pageTexts(anyOtherPage);
    const others = withLinks(anyOtherPage);
    const variants = pageNeeds.map(([pattern, { modules = [], data = [], articles }]): [RegExp, CachedAnswer] => {
      const isHome = pattern.test('/');
      const files = new Set<string>();
      for (const module of modules) filesOf(module, files);
      if (!isHome) pageTexts(files);
      if (articles) filesOf(`../../virtual:catalogue/${locale}/articles`, files);
      return [
        pattern,
        withLinks(
          files,
          [
            // `crossorigin` (anonymous) asks as the app's fetch() does: same-origin credentials, CORS mode.
            ...data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
            // Home has no head of its own (page-answers.ts): its alternates in the other languages are written here.
            isHome ? languageAlternates('/', baseUrl) : '',
          ],
          isHome ? homePage : localized,
        ),
      ];
    });
    return (pathname: string) => variants.find(([pattern]) => pattern.test(pathname))?.[1] ?? others;
  };
  const byLocale = Object.fromEntries(localeCodes.map((locale) => [locale, variantsIn(locale)])) as Record<
    Locale,
    (pathname: string) => CachedAnswer
  >;
  return (pathname) => byLocale[localeOfPath(pathname)](pathWithoutLocale(pathname));
}
