import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the built web app is made from: its own code, what it shares with the server, the packages (the lock file)
 * and how Vite builds it. The server's code is not among them: the web app imports only its types.
 */
const sourceDirs = ['src/web', 'src/shared'];
const sourceFiles = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'bench/page-weight.ts',
  'src/build/web-build-stamp.ts',
  'src/build/precompress.ts',
];

/** The stamp the build leaves in its output: the hash of the sources it was built from. */
const stampFile = path.join('.vite', 'sources.sha256');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A hash of every source of the web app under `root`, their paths included (a file moved or removed counts). */
export function webSourcesHash(root: string): string {
  const hash = createHash('sha256');
  const files = [
    ...sourceDirs.flatMap((dir) => filesUnder(path.join(root, dir))),
    ...sourceFiles.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ];
  for (const file of files.map((f) => path.relative(root, f).split(path.sep).join('/')).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether the web app built in `outDir` is up to date with its sources under `root`. The build empties `outDir`
 * first and writes the stamp last, so a build that failed half way leaves none and the next start builds again.
 */
export function webBuildIsFresh(root: string, outDir: string): boolean {
  const stamp = path.join(outDir, stampFile);
  if (!existsSync(path.join(outDir, 'index.html')) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === webSourcesHash(root);
}

/** Writes the stamp of the sources as they were when the build started, once the build has written its files. */
export function stampWebBuild(): Plugin {
  let sources = '';
  let root = '';
  let outDir = '';
  return {
    name: 'stamp-web-build',
    apply: 'build',
    configResolved(config) {
      root = config.configFile ? path.dirname(config.configFile) : process.cwd();
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      sources = webSourcesHash(root);
    },
    writeBundle() {
      const stamp = path.join(outDir, stampFile);
      mkdirSync(path.dirname(stamp), { recursive: true });
      writeFileSync(stamp, `${sources}\n`);
    },
  };
}
