import path from 'node:path';
import { webBuildIsFresh } from './web-build-stamp.ts';

// `npm start`'s first step: builds the web app into dist/web (vite.config.ts) unless the build there was made from
// the sources as they are now, which spares every start after the first the build's 10 seconds or more.
const root = process.cwd();
if (webBuildIsFresh(root, path.join(root, 'dist', 'web'))) {
  console.log('The web app in dist/web is up to date with its sources: not built again.');
} else {
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}
