import { describesPage } from './page-heads.ts';

// Which GETs outside /api are page loads, answered with the web app's page (its head tags and JSON-LD written by
// the server): every client that takes HTML. Browsers name it; link-preview crawlers (facebookexternalhit,
// Slackbot, Twitterbot …) and curl send `Accept: */*` or no Accept at all, and must get the same page, or a
// link shared on a chat or social site shows nothing.

/** The quality an Accept header gives HTML: that of its most specific range matching text/html. */
function htmlQuality(accept: string): number {
  let best = -1;
  let quality = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const specificity = range === 'text/html' ? 2 : range === 'text/*' ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best) continue;
    best = specificity;
    const q = params.find((p) => p.startsWith('q='));
    quality = q === undefined ? 1 : Number(q.slice(2)) || 0;
  }
  return quality;
}

/** Clients send a handful of distinct Accept values; each is read once (a bounded memo). */
const read = new Map<string, boolean>();
const maxRead = 256;

/** Whether a client sending `accept` takes HTML: no Accept, or one accepting text/html (by name or wildcard). */
export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  let takes = read.get(accept);
  if (takes === undefined) {
    takes = htmlQuality(accept) > 0;
    if (read.size >= maxRead) read.clear();
    read.set(accept, takes);
  }
  return takes;
}

// Whether `pathname` can be a page of the web app (unknown ones included: the app draws its 404 page) rather
// than a file: the built scripts and styles, pictures, `/favicon.ico`, `/.env`. A script, a stylesheet or an
// image asks with `*/*` among its types, so a missing one would otherwise get the page instead of a 404.
function mayBePage(pathname: string): boolean {
  // The pages the server writes a head for are pages whatever their last segment (a category named `A.B`).
  if (describesPage(pathname)) return true;
  if (pathname.startsWith('/assets/') || pathname.startsWith('/images/')) return false;
  return !/\.[A-Za-z0-9]+$/.test(pathname);
}

/**
 * Whether a GET of `pathname` with `accept` is a page load. One naming text/html is, at any path, as browsers'
 * navigations always were; any other client taking HTML is at a path that may be a page.
 */
export function isPageLoad(accept: string | undefined, pathname: string): boolean {
  if (accept?.includes('text/html')) return true;
  return acceptsHtml(accept) && mayBePage(pathname);
}
