import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Next } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { bodyLimit } from '#server/http/body-limit.ts';
import { rootRedirect } from '#server/i18n/first-visit.ts';
import { keepRequestLanguage } from '#server/i18n/request-language.ts';
import { AppError, kindOfStatus } from './app-error.ts';
import { withClientIp } from './auth/client-ip.ts';
import { refuseNulInAuthCall } from './auth/nul-in-auth-call.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { appBaseUrl, appOrigins } from './env.ts';
import { bookingsRouter } from './features/bookings/bookings.index.ts';
import { booksRouter } from './features/books/books.index.ts';
import { bundlesRouter } from './features/bundles/bundles.index.ts';
import { categoriesRouter } from './features/categories/categories.index.ts';
import { conversationsRouter } from './features/conversations/conversations.index.ts';
import { handoversRouter } from './features/handovers/handovers.index.ts';
import { healthRouter } from './features/health/health.index.ts';
import { isbnRouter } from './features/isbn/isbn.index.ts';
import { mailRouter } from './features/mail/mail.index.ts';
import { paymentsRouter } from './features/payments/payments.index.ts';
import { payoutsRouter } from './features/payouts/payouts.index.ts';
import { priceGuideRouter } from './features/price-guide/price-guide.index.ts';
import { reportsRouter } from './features/reports/reports.index.ts';
import { reviewsRouter } from './features/reviews/reviews.index.ts';
import { searchRouter } from './features/search/search.index.ts';
import { createPageAnswers, type PageAnswers } from './features/seo/page-answers.ts';
import { isPageLoad } from './features/seo/page-loads.ts';
import { booksSitemap, pagesSitemap, robotsTxt, sellersSitemap, sitemapIndex } from './features/seo/sitemap.ts';
import { shelfRouter } from './features/shelf/shelf.index.ts';
import { shelfImportPath } from './features/shelf/shelf.routes.ts';
import { uploadsRouter } from './features/uploads/uploads.index.ts';
import { uploadPath } from './features/uploads/uploads.routes.ts';
import { profilePhotoPath } from './features/users/profile-photo.routes.ts';
import { usersRouter } from './features/users/users.index.ts';
import { wantedRouter } from './features/wanted/wanted.index.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { apiDocument } from './http/api-document.ts';
import { sendCached } from './http/cached-response.ts';
import { answerRefusal } from './http/errors.ts';
import { noteWrites } from './http/note-writes.ts';
import { mountAll } from './http/openapi.ts';
import { recordRequest, requestIdHeader, requestIdOf } from './http/request-log.ts';
import { sameOriginWrites } from './http/same-origin.ts';
import { securityHeaders, securityHeadersFor } from './http/security-headers.ts';
import { pageVary } from './http/web-app-pages.ts';
import { devMailboxRoutes } from './mail/dev-mailbox.routes.ts';
import { servesDevMailbox } from './mail/mailer.ts';
import { metricsRoutes } from './metrics/metrics.routes.ts';
import { localImagesRoute } from './storage/local-disk.ts';
import { storedObjectCacheControl } from './storage/storage.ts';

const jsonBodyLimit = 64 * 1024;

/** Every feature's routes, mounted under /api in this order: the order they are matched and documented in. */
const features = [
  healthRouter,
  categoriesRouter,
  usersRouter,
  uploadsRouter,
  booksRouter,
  searchRouter,
  isbnRouter,
  priceGuideRouter,
  reportsRouter,
  bookingsRouter,
  bundlesRouter,
  paymentsRouter,
  handoversRouter,
  conversationsRouter,
  payoutsRouter,
  mailRouter,
  wantedRouter,
  shelfRouter,
  reviewsRouter,
] as const;

/** The whole HTTP surface: the API under /api, uploaded images, and the built web app. */
export function createApp(deps: AppDeps, options: { imagesDir?: string; pages?: PageAnswers } = {}) {
  const app = new OpenAPIHono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(requestIdHeader));
    c.set('requestId', requestId);
    c.header(requestIdHeader, requestId);
    c.set('deps', deps);
    await next();
    const { method, path } = c.req;
    recordRequest(deps, { requestId, method, path, route: routePath(c), status: c.res.status, started });
  });
  app.use(securityHeaders(securityHeadersFor(deps.env)));
  const jsonLimit = bodyLimit({ maxSize: jsonBodyLimit, onError: tooLarge });
  // The photo uploads and the shelf imports set their own, larger limit.
  const ownLimits = [`/api${uploadPath}`, `/api${profilePhotoPath}`, `/api${shelfImportPath}`];
  app.use('/api/*', (c, next) => (ownLimits.includes(c.req.path) ? next() : jsonLimit(c, next)));
  // Better Auth checks the origin of its own calls; Stripe's webhook comes from Stripe's servers, signed; the
  // mail links' calls carry a signed token instead of a session, and mail programs send them from anywhere.
  const ownChecks = ['/api/auth/', '/api/webhooks/', '/api/mail/unsubscribe', '/api/mail/resubscribe'];
  app.use('/api/*', sameOriginWrites(appOrigins(deps.env), ownChecks));
  app.use('/api/*', noteWrites(deps));
  app.use('/api/*', keepRequestLanguage);
  // JSON answers over 1 KB go gzipped to clients that take it (the cached lists come compressed already).
  app.use('/api/*', compress());

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    await refuseNulInAuthCall(c);
    return deps.auth.handler(withClientIp(c, deps.env.TRUST_PROXY));
  });

  const api = mountAll(app, '/api', features);

  // Every route is declared by now: the document is built once, when first asked for.
  let document: ReturnType<typeof apiDocument> | undefined;
  app.get('/api/openapi.json', (c) => {
    document ??= apiDocument(app);
    return c.json(document);
  });
  app.route('/api/docs', apiDocsRoutes());
  app.all('/api/*', (c) => {
    throw new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`, { code: 'NO_SUCH_ROUTE' });
  });

  // The development mailbox, while mail goes there (no SMTP_URL, outside production) and HOST or DEV_MAILBOX allow,
  // to callers on this machine; a 404 otherwise.
  if (deps.mailer.mailboxDir && servesDevMailbox(deps.env)) {
    app.route('/dev/mailbox', devMailboxRoutes(deps.mailer.mailboxDir));
  }
  app.all('/dev/*', () => {
    throw new AppError('NOT_FOUND', 'Not found');
  });
  // Prometheus metrics, for a scraper holding METRICS_TOKEN; not served without one.
  if (deps.env.METRICS_TOKEN) app.route('/metrics', metricsRoutes(deps.metrics, deps.env.METRICS_TOKEN));
  app.all('/metrics', () => {
    throw new AppError('NOT_FOUND', 'Not found');
  });

  if (options.imagesDir) {
    const imagesRoot = path.relative(process.cwd(), options.imagesDir);
    app.use(`${localImagesRoute}/*`, async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', storedObjectCacheControl);
    });
    app.get(
      `${localImagesRoute}/*`,
      serveStatic({ root: imagesRoot, rewriteRequestPath: (p) => p.slice(localImagesRoute.length) }),
    );
    // A missing image is a 404, not the web app's page.
    app.get(`${localImagesRoute}/*`, () => {
      throw new AppError('NOT_FOUND', 'No such image');
    });
  }
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Client-side routes (and unknown pages, which the web app renders as its 404 page), for page loads by any
  // client taking HTML (page-loads.ts): a request for anything else that matched no file (a script, an image,
  // a client taking only JSON) is a plain 404. The answer at such a URL depends on Accept, and says so.
  const pages = options.pages ?? createPageAnswers(deps);
  const baseUrl = appBaseUrl(deps.env);
  const pageLoad = async (c: Context<AppEnv>, next: Next) => {
    const page = isPageLoad(c.req.header('accept'), c.req.path)
      ? await pages.answer(c.req.path, new URL(c.req.url).searchParams)
      : undefined;
    if (!page) {
      await next();
      c.header('Vary', pageVary, { append: true });
      return;
    }
    if (page.status !== 200) return c.html(page.answer.body.toString(), page.status, { Vary: pageVary });
    return sendCached(c, page.answer);
  };
  app.get('/robots.txt', (c) => c.text(robotsTxt(baseUrl)));
  const xml = { 'content-type': 'application/xml; charset=utf-8' };
  app.get('/sitemap.xml', async (c) =>
    sendCached(
      c,
      await deps.publicQueries.answer('sitemap', async (db) => ({
        body: await sitemapIndex(db, baseUrl),
        headers: xml,
      })),
    ),
  );
  app.get('/sitemaps/pages.xml', (c) => c.body(pagesSitemap(baseUrl), 200, xml));
  app.get('/sitemaps/sellers.xml', async (c) =>
    sendCached(
      c,
      await deps.publicQueries.answer('sitemap sellers', async (db) => ({
        body: await sellersSitemap(db, baseUrl),
        headers: xml,
      })),
    ),
  );
  app.get('/sitemaps/:file{books-[1-9][0-9]{0,5}\\.xml}', async (c) => {
    const n = Number(c.req.param('file').slice('books-'.length, -'.xml'.length));
    const answer = await deps.publicQueries.answer(`sitemap ${n}`, async (db) => {
      const body = await booksSitemap(db, baseUrl, n);
      if (body === undefined) throw new AppError('NOT_FOUND', 'No such sitemap');
      return { body, headers: xml };
    });
    return sendCached(c, answer);
  });
  // Home before the files: serveStatic would answer `/` with index.html as built, without Home's preloads.
  app.get('/', async (c, next) => {
    const to = isPageLoad(c.req.header('accept'), '/')
      ? rootRedirect(c.req.header('cookie'), c.req.header('accept-language'))
      : undefined;
    if (!to) return pageLoad(c, next);
    c.header('Vary', 'Accept-Language, Cookie', { append: true });
    return c.redirect(to, 302);
  });
  // The build writes .br and .gz copies of its text files (vite.config.ts); they go to clients that take them.
  app.use('/*', serveStatic({ root: pages.webRoot, precompressed: true }));
  app.get('*', pageLoad);

  // Hono calls the not-found handler outside its error handling, so it answers rather than throws.
  app.notFound((c) => answerRefusal(c, new AppError('NOT_FOUND', 'Not found')));
  app.onError((err, c) => {
    if (err instanceof AppError) return answerRefusal(c, err);
    // Hono's own refusals: a JSON body that does not parse (400), a media type the route does not take (415).
    if (err instanceof HTTPException && err.status < 500) {
      return answerRefusal(c, new AppError(kindOfStatus(err.status), err.message));
    }
    const requestId = c.get('requestId');
    deps.log.error('unhandled error', { requestId, error: String(err), stack: err.stack });
    return c.json({ error: 'Something went wrong on our side', code: 'INTERNAL_ERROR', requestId }, 500);
  });

  return api;
}

function tooLarge(): never {
  throw new AppError('TOO_LARGE', `Request body is larger than ${jsonBodyLimit / 1024} KB`);
}

export type AppType = ReturnType<typeof createApp>;
