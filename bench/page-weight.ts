import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Locale, localeCodes } from '../src/shared/i18n/locales.ts';

export interface PageWeight {
  /** The entry script and its modulepreload links: the JavaScript Home needs before it runs, in every language. */
  jsFiles: { file: string; gzipKb: number }[];
  jsGzipKb: number;
  /**
   * Home's initial JavaScript in each language: the files above plus that language's Home texts, which the
   * server preloads with the page (server/http/web-app-pages.ts). The budget holds for each.
   */
  byLocale: { locale: Locale; textsFile: string; textsGzipKb: number; jsGzipKb: number }[];
  cssGzipKb: number;
}

function gzipKb(webRoot: string, url: string): number {
  return gzipSync(readFileSync(path.join(webRoot, url))).length / 1024;
}

/** Reads the built index.html: what a first visit to Home downloads before any lazy chunk. */
export function measureHomeWeight(webRoot: string): PageWeight {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = tags
    .filter((tag) => (tag.startsWith('<script') && /type="module"/.test(tag)) || /rel="modulepreload"/.test(tag))
    .map((tag) => attr(tag, 'src') ?? attr(tag, 'href'))
    .filter((url): url is string => Boolean(url?.startsWith('/')));
  const styles = tags
    .filter((tag) => /rel="stylesheet"/.test(tag))
    .map((tag) => attr(tag, 'href'))
    .filter((url): url is string => Boolean(url?.startsWith('/')));
  const jsFiles = scripts.map((file) => ({ file, gzipKb: gzipKb(webRoot, file) }));
  const jsGzipKb = jsFiles.reduce((sum, f) => sum + f.gzipKb, 0);
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Record<string, { file: string }> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const byLocale = localeCodes.map((locale) => {
    const texts = manifest[`../../virtual:catalogue/${locale}/shell`];
    if (!texts) throw new Error(`The build has no Home texts for ${locale} (${manifestFile})`);
    const textsGzipKb = gzipKb(webRoot, texts.file);
    return { locale, textsFile: `/${texts.file}`, textsGzipKb, jsGzipKb: jsGzipKb + textsGzipKb };
  });
  return {
    jsFiles,
    jsGzipKb,
    byLocale,
    cssGzipKb: styles.reduce((sum, file) => sum + gzipKb(webRoot, file), 0),
  };
}
