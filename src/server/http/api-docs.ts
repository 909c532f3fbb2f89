import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const swaggerDir = path.relative(
  process.cwd(),
  path.dirname(import.meta.resolve('swagger-ui-dist/package.json').slice(7)),
);

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>The Big Bookshelf API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script></body>
</html>`;

const start = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });`;

/** A page that renders /api/openapi.json with Swagger UI, served from node_modules (no network). */
export function apiDocsRoutes() {
  return (
    new Hono()
      .get('/', (c) => c.html(page))
      .get('/start.js', (c) => c.body(start, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
      // Swagger UI's own index.html, which a folder's address also serves, renders its demo API, not this one.
      .get('/*', async (c, next) => {
        if (c.req.path.endsWith('/') || c.req.path.endsWith('/index.html')) return c.redirect('/api/docs', 301);
        await next();
      })
      .get('/*', serveStatic({ root: swaggerDir, rewriteRequestPath: (p) => p.replace(/^\/api\/docs/, '') }))
  );
}
