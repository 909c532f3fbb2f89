import { pageDataId } from '#shared/constants.ts';

/** The API answers a page as the server sends it carries for the web app (`#page-data`), or undefined. */
export function pageDataOf(html: string): unknown {
  const found = new RegExp(`<script type="application/json" id="${pageDataId}">(.*?)</script>`).exec(html);
  return found ? JSON.parse(found[1]!) : undefined;
}
