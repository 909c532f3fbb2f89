import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// The pseudo-locale's run (`npm run test:pseudo`): the browser suite's server on the pseudo-locale's build
// (PSEUDO_LOCALE=1 vite build, in dist/web-pseudo), and the one spec that reads every page for untranslated texts.

// The server (and the global setup's check that the build is there) serve the pseudo-locale's build.
process.env.WEB_ROOT = 'dist/web-pseudo';

export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: 'untranslated-texts.spec.ts',
});
