import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The files of the web app that declare routes, each with the URL it is mounted under: the router itself, and the
 * dashboard's pages, which the router mounts at its 'dashboard/*' route. A new file that declares routes must be
 * added here.
 */
const routeFiles = [
  { file: 'src/web/app/router.tsx', under: '/' },
  { file: 'src/web/app/dashboard-routes.tsx', under: '/dashboard/' },
];

/** Whether a source file declares routes (a list of route objects, or a <Route> element). */
const declaresRoutes = (source: string) =>
  /<Route[\s>]|: RouteObject(\[\])? = |createBrowserRouter|useRoutes\(/.test(source);

function sourceFilesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const stringValue = (node: ts.Node | undefined) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

const propertyName = (node: ts.ObjectLiteralElementLike) =>
  node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : undefined;

/** The route paths one file declares, relative to where it is mounted ('' for an index route). */
function pathsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // A route object: { path: 'blogs', lazy: … } or { index: true, Component: … }.
    if (ts.isObjectLiteralExpression(node)) {
      const props = new Map(
        node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [[propertyName(p), p.initializer] as const] : [])),
      );
      const routeLike = ['Component', 'element', 'lazy', 'children', 'loader'].some((key) => props.has(key));
      const routePath = stringValue(props.get('path'));
      if (routeLike && routePath !== undefined) found.push(routePath);
      else if (routeLike && props.get('index')?.kind === ts.SyntaxKind.TrueKeyword) found.push('');
    }
    // A page of the router's lazyPage(path, page, loader?) or articlePage(path, page): articlePage('blogs', …).
    if (ts.isCallExpression(node) && ['lazyPage', 'articlePage'].includes(node.expression.getText(source))) {
      const routePath = stringValue(node.arguments[0]);
      if (routePath !== undefined) found.push(routePath);
    }
    // A route element: <Route path="profile" …> or <Route index …>.
    const element = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : undefined;
    if (element && element.tagName.getText(source) === 'Route') {
      const attributes = new Map(
        element.attributes.properties.flatMap((a) =>
          ts.isJsxAttribute(a) ? [[a.name.getText(source), a.initializer] as const] : [],
        ),
      );
      const routePath = stringValue(attributes.get('path'));
      if (routePath !== undefined) found.push(routePath);
      else if (attributes.has('index')) found.push('');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every route pattern the web app declares, as full paths ('/', '/categoryBooks/:name', '/dashboard/payment/:id',
 * '/*', …), read from the router's source. Throws when a file declares routes that `routeFiles` does not name.
 */
export function declaredRoutes(): string[] {
  const known = new Set(routeFiles.map((r) => r.file));
  const unknown = sourceFilesUnder('src/web').filter(
    (file) => !known.has(file) && declaresRoutes(readFileSync(path.join(root, file), 'utf8')),
  );
  if (unknown.length > 0) {
    throw new Error(
      `${unknown.join(', ')} declare(s) routes: add them to routeFiles in tests/e2e/support/declared-routes.ts`,
    );
  }
  const full = routeFiles.flatMap(({ file, under }) =>
    pathsIn(file).map((p) => (p.startsWith('/') ? p : `${under}${p}`).replace(/(.)\/$/, '$1')),
  );
  // The router's 'dashboard/*', where the dashboard's pages are mounted, is also the dashboard's own catch-all.
  return [...new Set(full)].sort();
}
