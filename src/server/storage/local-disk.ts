import { mkdirSync } from 'node:fs';
import { access, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Storage, storageKeyPattern } from './storage.ts';

export const localImagesRoute = '/images';

/** Files under `dir`, served by the app itself at /images/{key} (with the long cache header, app.ts). */
export function createLocalDiskStorage(dir: string): Storage & { dir: string } {
  mkdirSync(dir, { recursive: true });
  const fileOf = (url: string) => {
    const key = url.startsWith(`${localImagesRoute}/`) ? url.slice(localImagesRoute.length + 1) : '';
    return storageKeyPattern.test(key) ? path.join(dir, key) : null;
  };
  return {
    dir,
    async put(key, body) {
      if (!storageKeyPattern.test(key)) throw new Error(`not a storage key: ${key}`);
      await writeFile(path.join(dir, key), body);
      return `${localImagesRoute}/${key}`;
    },
    async has(url) {
      const file = fileOf(url);
      if (!file) return false;
      return access(file).then(
        () => true,
        () => false,
      );
    },
    async delete(url) {
      const file = fileOf(url);
      if (file) await rm(file, { force: true });
    },
    async *list() {
      for await (const entry of await opendir(dir)) {
        if (!entry.isFile() || !storageKeyPattern.test(entry.name)) continue;
        const modified = await stat(path.join(dir, entry.name)).then(
          (s) => s.mtime,
          () => null,
        );
        if (modified) yield { url: `${localImagesRoute}/${entry.name}`, lastModified: modified };
      }
    },
    async get(url) {
      const file = fileOf(url);
      if (!file) throw new Error(`not a stored picture: ${url}`);
      return readFile(file);
    },
    async checkWritable() {
      // A name `put` never makes (keys start with a letter, digit, `-` or `_`), so it cannot meet a picture.
      const probe = path.join(dir, `.writable-${process.pid}-${crypto.randomUUID()}`);
      await writeFile(probe, '');
      await rm(probe, { force: true });
    },
  };
}
