import { mkdirSync } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
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
  };
}
