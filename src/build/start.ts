import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { webBuildIsFresh } from './web-build-stamp.ts';

// `npm start`: the server, and the web app's build beside it when dist/web (vite.config.ts) was not built from the
// sources as they are now. The build (10 s or more) and the server's start (a fresh store's PostgreSQL, migrations and
// demo seed) each take a core instead of waiting for each other. The build goes to a folder of its own and takes
// dist/web's place when it is whole, so the server never reads half a build: until then the API answers, and pages
// wait for it. Every start after the first finds the build up to date and builds nothing.
const root = process.cwd();
const outDir = path.join(root, 'dist', 'web');

if (webBuildIsFresh(root, outDir)) {
  console.log('The web app in dist/web is up to date with its sources: not built again.');
} else {
  const building = path.join(root, 'dist', '.web-building');
  // An out-of-date build is not served meanwhile: its pages would name scripts the new build replaces.
  rmSync(outDir, { recursive: true, force: true });
  console.log('Building the web app into dist/web beside the server’s start…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawn(process.execPath, [vite, 'build', '--outDir', building, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  // A server stopped before the build ended takes the build with it.
  process.on('exit', () => build.kill());
  build.on('exit', (code) => {
    if (code === 0 && existsSync(path.join(building, 'index.html'))) {
      rmSync(outDir, { recursive: true, force: true });
      renameSync(building, outDir);
      console.log('The web app is built: dist/web.');
      return;
    }
    console.error(`The web app did not build (vite exited with ${code}); the server stops.`);
    process.exitCode = 1;
    process.kill(process.pid, 'SIGTERM');
  });
}

await import('../server/index.ts');
