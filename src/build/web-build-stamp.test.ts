import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webBuildIsFresh, webSourcesHash } from './web-build-stamp.ts';

// A project in miniature: the web app's sources, and its build in dist/web with the stamp the build leaves.
let root: string;
let outDir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const build = () => {
  write('dist/web/index.html', '<!doctype html>');
  write('dist/web/.vite/sources.sha256', `${webSourcesHash(root)}\n`);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'bookshelf-stamp-'));
  outDir = path.join(root, 'dist', 'web');
  write('src/web/main.tsx', 'render()');
  write('src/web/features/home/home-page.tsx', 'export function HomePage() {}');
  write('src/shared/money.ts', 'export const cents = 100;');
  write('src/server/app.ts', 'export const app = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('vite.config.ts', 'export default {}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether the built web app is up to date with its sources', () => {
  it('is not when nothing was built, or the build left no stamp (it failed half way)', () => {
    expect(webBuildIsFresh(root, outDir)).toBe(false);
    write('dist/web/index.html', '<!doctype html>');
    expect(webBuildIsFresh(root, outDir)).toBe(false);
  });

  it('is after a build, until a source, the lock file or the Vite config changes', () => {
    build();
    expect(webBuildIsFresh(root, outDir)).toBe(true);
    for (const [file, text] of [
      ['src/web/features/home/home-page.tsx', 'export function HomePage() { return 1; }'],
      ['src/shared/money.ts', 'export const cents = 1000;'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
      ['vite.config.ts', 'export default { build: {} }'],
    ]) {
      write(file!, text!);
      expect(webBuildIsFresh(root, outDir), file).toBe(false);
      build();
      expect(webBuildIsFresh(root, outDir), file).toBe(true);
    }
  });

  it('is not when a source is added, moved or removed', () => {
    build();
    write('src/web/features/about/about-page.tsx', 'export function AboutPage() {}');
    expect(webBuildIsFresh(root, outDir)).toBe(false);
    build();
    rmSync(path.join(root, 'src/web/features/about/about-page.tsx'));
    write('src/web/features/blogs/about-page.tsx', 'export function AboutPage() {}');
    expect(webBuildIsFresh(root, outDir)).toBe(false);
    build();
    rmSync(path.join(root, 'src/web/features/blogs'), { recursive: true });
    expect(webBuildIsFresh(root, outDir)).toBe(false);
  });

  it('is when only the server changed, whose types alone the web app imports', () => {
    build();
    write('src/server/app.ts', 'export const app = 2;');
    expect(webBuildIsFresh(root, outDir)).toBe(true);
  });

  it('is not when the built page is gone', () => {
    build();
    rmSync(path.join(outDir, 'index.html'));
    expect(webBuildIsFresh(root, outDir)).toBe(false);
  });
});
