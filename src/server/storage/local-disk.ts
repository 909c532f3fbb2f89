import { mkdirSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage.ts';

export const localImagesRoute = '/images';

/** Files under `dir`, served by the app itself at /images/{key}. */
export function createLocalDiskStorage(dir: string): Storage & { dir: string } {
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    async put(key, body) {
      const file = path.join(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return `${localImagesRoute}/${key}`;
    },
    async has(url) {
      const key = url.startsWith(`${localImagesRoute}/`) ? url.slice(localImagesRoute.length + 1) : '';
      if (!/^[\w-]+(\.[\w-]+)*$/.test(key)) return false;
      return access(path.join(dir, key)).then(
        () => true,
        () => false,
      );
    },
    async list() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
    },
    get: (key) => readFile(path.join(dir, key)),
    async checkWritable() {
      // A name `put` never makes (keys have no leading dot), so a probe cannot meet a picture.
      const probe = path.join(dir, `.writable-${process.pid}-${crypto.randomUUID()}`);
      await writeFile(probe, '');
      await rm(probe, { force: true });
    },
  };
}
