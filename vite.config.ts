import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { measureHomeWeight } from './bench/page-weight.ts';
import { catalogueChunks, pseudoLocale } from './src/build/catalogue-chunks.ts';
import { compressibleFiles, writeGzip, writeMissingBrotli } from './src/build/precompress.ts';
import { stampWebBuild } from './src/build/web-build-stamp.ts';

/**
 * Writes `.gz` and `.br` beside every text asset worth compressing; the server sends them as they are. With
 * WEB_BUILD_BROTLI=later (`npm start`'s build, src/build/start.ts) the `.br` are left to the caller, who writes them
 * once the build serves: Brotli's best quality is most of a build's time.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // The pseudo-locale's test build is never served compressed: it skips the minute brotli takes.
    apply: (_, { command }) => command === 'build' && !pseudoLocale,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = compressibleFiles(outDir);
      writeGzip(files);
      if (process.env.WEB_BUILD_BROTLI !== 'later') await writeMissingBrotli(files);
    },
  };
}

/** Prints what a first visit to Home downloads before any lazy chunk, in each language (bench/page-weight.ts). */
function reportHomeWeight(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'report-home-weight',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const weight = measureHomeWeight(path.resolve(config.root, config.build.outDir));
      const languages = weight.byLocale.map((l) => `${l.locale} ${l.jsGzipKb.toFixed(1)} KB`).join(', ');
      config.logger.info(
        `Home's initial JavaScript, gzip, with the language's Home texts: ${languages} ` +
          `(${weight.jsGzipKb.toFixed(1)} KB of it in ${weight.jsFiles.length} files every language loads); ` +
          `CSS ${weight.cssGzipKb.toFixed(1)} KB gzip`,
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), catalogueChunks(), precompress(), reportHomeWeight(), stampWebBuild()],
  resolve: {
    alias: [
      // The web's texts are in the page's language (web/lib/text-source.ts), parsed at build time, so the
      // browser needs the formatter (shared/i18n/icu.ts) but not the parser.
      { find: /^#shared\/i18n\/text-source\.ts$/, replacement: path.resolve('src/web/lib/text-source.ts') },
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  build: {
    // The pseudo-locale's test build (PSEUDO_LOCALE=1, src/build/pseudo-locale.ts) goes beside the store's, never over it.
    outDir: pseudoLocale ? '../../dist/web-pseudo' : '../../dist/web',
    emptyOutDir: true,
    // Every browser the store supports preloads modules itself.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    // Which chunks each page needs: the server preloads them with the page (src/server/http/web-app-pages.ts).
    manifest: true,
    rolldownOptions: {
      // A feature's public entry only re-exports (CONTRIBUTING, "Imports"): what a page does not use of it is
      // neither loaded nor split into a chunk of its own.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/][^\\/]+\.public\.ts$/, sideEffects: false },
        ],
      },
      // What Home runs in two chunks: React, the router, TanStack Query and Hono's client in one, the app's own
      // modules in the other (`$initial`: imported by the entry, at any depth). Code only the lazy pages use stays
      // out of both. Without the second group Rolldown gives each module the lazy pages share with Home a small
      // chunk of its own (15 files, 2.9 KB more gzip), as the entry awaits its texts (web/lib/text-source.ts).
      output: {
        // A shared chunk's name lists its pages; its file goes by `shared` and its hash.
        chunkFileNames: (chunk) => `assets/${chunk.name.startsWith('shared~') ? 'shared' : '[name]'}-[hash].js`,
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|hono)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'home', tags: ['$initial'] },
            // What the lazy pages share, in chunks by the pages that use them, a chunk under 6 KB merged into its
            // nearest: a book's page loads 10 files beyond Home's instead of 29 (33 KB gzip either way), and on a
            // phone's connection each file is a round trip.
            {
              name: 'shared',
              test: /src[\\/]web[\\/]/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 6000,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' } },
});
