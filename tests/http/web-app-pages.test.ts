import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAsBuilt } from '../support/page-html.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A built web app in miniature: index.html with its entry script, and Vite's manifest naming each page's chunks.
const webRoot = mkdtempSync(path.join(tmpdir(), 'bookshelf-web-'));
const indexHtml =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head><body><div id="root"></div></body></html>';
const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_react-1.js'] },
  'features/auth/login-page.tsx': { file: 'assets/login-page-1.js', imports: ['_forms-1.js', 'index.html'] },
  'features/books/category-page.tsx': { file: 'assets/category-page-1.js', imports: ['_react-1.js'] },
  'lib/auth-client.ts': { file: 'assets/auth-client-1.js' },
  'features/blogs/blogs-page.tsx': { file: 'assets/blogs-page-1.js', imports: ['_react-1.js'] },
  '../../virtual:catalogue/en/articles': { file: 'assets/articles-en.js' },
  '../../virtual:catalogue/es/articles': { file: 'assets/articles-es.js' },
  '../../virtual:catalogue/en/pages': { file: 'assets/pages-en.js' },
  '../../virtual:catalogue/es/pages': { file: 'assets/pages-es.js' },
};

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
  writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ WEB_ROOT: webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.call('GET', url, { headers: { accept: 'text/html', ...headers } });
const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
const dataPreloads = (html: string) =>
  [...html.matchAll(/rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('the web app page for a page load', () => {
  it('preloads the code of the page asked for, beside what index.html already loads', async () => {
    const login = await page('/login');
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(preloads(await login.text())).toEqual([
      '/assets/react-1.js',
      '/assets/login-page-1.js',
      '/assets/forms-1.js',
      '/assets/pages-en.js',
    ]);
    const category = await page('/categoryBooks/Science%20Fiction?page=2');
    expect(preloads(await category.text())).toEqual([
      '/assets/react-1.js',
      '/assets/category-page-1.js',
      '/assets/auth-client-1.js',
      '/assets/pages-en.js',
    ]);
  });

  it("preloads the other pages' texts in the page's language with every page but Home", async () => {
    expect(preloads(await (await page('/es/no/such/page')).text())).toEqual([
      '/assets/react-1.js',
      '/assets/pages-es.js',
    ]);
    expect(preloads(await (await page('/')).text())).toEqual(['/assets/react-1.js']);
    expect(preloads(await (await page('/es')).text())).toEqual(['/assets/react-1.js']);
  });

  it("preloads the texts of a page's article in the page's language", async () => {
    expect(preloads(await (await page('/blogs')).text())).toContain('/assets/articles-en.js');
    const spanish = preloads(await (await page('/es/blogs')).text());
    expect(spanish).toContain('/assets/articles-es.js');
    expect(spanish).not.toContain('/assets/articles-en.js');
    expect(preloads(await (await page('/es/login')).text())).not.toContain('/assets/articles-es.js');
  });

  it("preloads the API answers a page shows first, Home's included", async () => {
    const home = await page('/');
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(dataPreloads(await home.text())).toEqual(['/api/booksCategory', '/api/books/addvertise?limit=12']);
    expect(dataPreloads(await (await page('/login')).text())).toEqual(['/api/auth-providers']);
    expect(dataPreloads(await (await page('/signup')).text())).toEqual(['/api/auth-providers']);
    expect(dataPreloads(await (await page('/about')).text())).toEqual([]);
  });

  it("answers other addresses with index.html as built (and the pages' texts), and 304 to a browser that holds it", async () => {
    const other = await page('/no/such/page');
    expect(await other.text()).toBe(
      pageAsBuilt(indexHtml).replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/pages-en.js"></head>',
      ),
    );
    const again = await page('/no/such/page', { 'if-none-match': other.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it("draws the layout in the page's language: the brand, the public links and a search that works before the app", async () => {
    const english = await (await page('/about')).text();
    expect(english).toContain('<a class="btn btn-ghost px-2 text-lg font-bold sm:text-xl" href="/">');
    expect(english).toContain('<li><a href="/blogs">Blogs</a></li>');
    expect(english).toContain('<form action="/search" class="join w-full">');
    expect(english).toContain('placeholder="Title, author or ISBN"');
    const arabic = await (await page('/ar/about')).text();
    expect(arabic).toContain('رفّ الكتب الكبير</a>');
    expect(arabic).toContain('<li><a href="/ar/blogs">');
    expect(arabic).toContain('<form action="/ar/search" class="join w-full">');
    expect(arabic).not.toContain('Title, author or ISBN');
    // The main area is the app's, empty until it draws: an address the server knows nothing of gets no page of its own.
    expect(english).toContain('<main id="main" class="mx-auto min-h-svh w-full max-w-7xl flex-1 px-4 py-6"></main>');
  });

  it('is not sent for requests that are not page loads', async () => {
    expect((await t.call('GET', '/login', { headers: { accept: 'application/json' } })).status).toBe(404);
  });
});
