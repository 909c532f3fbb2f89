import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readEnv } from '#server/env.ts';
import { startServer } from '#server/server.ts';
import { startFakeOpenLibrary } from '../../support/fake-open-library.ts';
import { startOidcProvider } from '../../support/oidc-provider.ts';
import { e2eServerEnv } from './server-config.ts';

// The real server on a fresh embedded database (seeded with the demo catalogue) for one browser run. It has no
// SMTP_URL: mail goes to the development mailbox (GET /dev/mailbox), where the browser tests read it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-e2e-'));
chmodSync(dataDir, 0o755);
// A real OpenID Connect provider on 127.0.0.1 behind 'Continue with Google'.
const oidc = await startOidcProvider({ redirectUri: `${process.env.APP_URL}/api/auth/callback/oidc` });
// Open Library's stand-in behind the add-a-book form's ISBN lookup, with its recorded editions and covers (over
// https, its certificate trusted by the server for covers; loopback allowed, as only tests do).
const openLibrary = await startFakeOpenLibrary();
const server = await startServer(
  readEnv({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...e2eServerEnv,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    ...openLibrary.serverEnv,
  }),
);
const stop = () => Promise.all([server.close(), oidc.close(), openLibrary.stop()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
