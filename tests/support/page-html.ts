import { layoutView } from '#server/features/seo/first-views.ts';
import { pageDataId } from '#shared/constants.ts';
import { inLocale } from '#shared/i18n/text-source.ts';

/** The API answers a page as the server sends it carries for the web app (`#page-data`), or undefined. */
export function pageDataOf(html: string): unknown {
  const found = new RegExp(`<script type="application/json" id="${pageDataId}">(.*?)</script>`).exec(html);
  return found ? JSON.parse(found[1]!) : undefined;
}

/** index.html as the server sends it for a page with nothing of its own: the layout drawn in its root, in English. */
export function pageAsBuilt(indexHtml: string): string {
  return indexHtml.replace('<div id="root"></div>', () => `<div id="root">${inLocale('en', layoutView)}</div>`);
}

/** What the server drew in the page's main area (its first view), or '' when it drew nothing there. */
export function mainOf(html: string): string {
  return /<main [^>]*>(.*?)<\/main>/s.exec(html)?.[1] ?? '';
}
