import { existsSync } from 'node:fs';
import path from 'node:path';

export default function globalSetup() {
  if (!existsSync(path.resolve(process.env.WEB_ROOT ?? 'dist/web', 'index.html'))) {
    throw new Error('Build the web app first: npm run build (npm run test:e2e does it)');
  }
}
