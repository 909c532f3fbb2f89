import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { compressibleFiles } from './precompress.ts';
import { webBuildIsFresh } from './web-build-stamp.ts';

// `npm start`: the server, and the web app's build beside it when dist/web (vite.config.ts) was not built from the
// sources as they are now. The build (10 s or more) and the server's start (a fresh store's PostgreSQL, migrations and
// demo seed) each take a core instead of waiting for each other. The build goes to a folder of its own and takes
// dist/web's place when it is whole, so the server never reads half a build: until then the API answers, and pages
// wait for it. Every start after the first finds the build up to date and builds nothing. The build leaves its Brotli
// files (most of its time) to this process, which writes them once the build serves; meanwhile browsers get gzip.
const root = process.cwd();
const outDir = path.join(root, 'dist', 'web');

/**
 * The `.br` files the build left out (or a stopped start did not finish), written by a process of its own at the
 * lowest priority: on a busy machine they take no time from the server's start.
 */
function writeBrotliLater(): void {
  if (compressibleFiles(outDir).every((file) => existsSync(`${file}.br`))) return;
  const precompress = spawn(process.execPath, [path.join(import.meta.dirname, 'precompress.ts'), outDir], {
    stdio: 'inherit',
  });
  if (precompress.pid) setPriority(precompress.pid, 19);
  process.on('exit', () => precompress.kill());
}

if (webBuildIsFresh(root, outDir)) {
  console.log('The web app in dist/web is up to date with its sources: not built again.');
  writeBrotliLater();
} else {
  const building = path.join(root, 'dist', '.web-building');
  // An out-of-date build is not served meanwhile: its pages would name scripts the new build replaces.
  rmSync(outDir, { recursive: true, force: true });
  console.log('Building the web app into dist/web beside the server’s start…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawn(process.execPath, [vite, 'build', '--outDir', building, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_BUILD_BROTLI: 'later' },
  });
  // A server stopped before the build ended takes the build with it.
  process.on('exit', () => build.kill());
  build.on('exit', (code) => {
    if (code === 0 && existsSync(path.join(building, 'index.html'))) {
      rmSync(outDir, { recursive: true, force: true });
      renameSync(building, outDir);
      console.log('The web app is built: dist/web.');
      writeBrotliLater();
      return;
    }
    console.error(`The web app did not build (vite exited with ${code}); the server stops.`);
    process.exitCode = 1;
    process.kill(process.pid, 'SIGTERM');
  });
}

// A fresh embedded database (no DATABASE_URL; DATA_DIR as env.ts defaults it) starts its initdb now, while the
// server's code loads: both take seconds, and neither needs the other.
if (!process.env.DATABASE_URL) {
  const { initialiseEarly } = await import('../server/db/embedded.ts');
  initialiseEarly(process.env.DATA_DIR || './data');
}

await import('../server/index.ts');
