import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  /** The entry script and its modulepreload links: the JavaScript Home needs before it runs. */
  jsFiles: { file: string; gzipKb: number }[];
  jsGzipKb: number;
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
  return {
    jsFiles,
    jsGzipKb: jsFiles.reduce((sum, f) => sum + f.gzipKb, 0),
    cssGzipKb: styles.reduce((sum, file) => sum + gzipKb(webRoot, file), 0),
  };
}
