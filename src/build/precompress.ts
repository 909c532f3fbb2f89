import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';

// The built web app's text files, compressed once beside themselves (`.br`, `.gz`): the server sends those as they
// are (serveStatic's `precompressed`), the Brotli one to every browser that takes it.

const brotli = promisify(brotliCompress);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** The files worth compressing in a build: text, 1 KB or more. */
export function compressibleFiles(dir: string): string[] {
  return filesUnder(dir).filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file) && statSync(file).size >= 1024);
}

/** The `.gz` of each file (gzip at level 9 takes a few milliseconds a file). */
export function writeGzip(files: string[]): void {
  for (const file of files) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
}

/**
 * The `.br` of each file that has none yet, at Brotli's best quality (11: about 7% smaller than 9, and seconds of
 * CPU for a build), all at once on libuv's threads. Each is written under another name and renamed, so a server
 * never sends half of one; a run that was stopped is finished by the next (`npm start` calls it at every start).
 */
export async function writeMissingBrotli(files: string[]): Promise<number> {
  const missing = files.filter((file) => !existsSync(`${file}.br`));
  await Promise.all(
    missing.map(async (file) => {
      const compressed = await brotli(await readFile(file), {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      });
      await writeFile(`${file}.br.part`, compressed);
      renameSync(`${file}.br.part`, `${file}.br`);
    }),
  );
  return missing.length;
}

// `node src/build/precompress.ts <folder>`: the missing `.br` files of the build in that folder (src/build/start.ts
// runs it in a process of its own at the lowest priority, so that it takes no time from the server's start).
if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node src/build/precompress.ts <built folder>');
  const written = await writeMissingBrotli(compressibleFiles(dir));
  if (written > 0) console.log(`The web app's ${written} Brotli files are written.`);
}
