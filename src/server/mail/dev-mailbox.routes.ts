import { Hono } from 'hono';
import { AppError } from '#server/app-error.ts';
import type { AppEnv } from '#server/context.ts';
import { loopbackCallersOnly } from '#server/http/loopback.ts';
import { listMailbox, type MailboxMessage, readMailboxMessage } from './dev-mailbox.ts';
import { escapeHtml } from './mail-message.ts';

const style = `body{font-family:system-ui,sans-serif;margin:0;color:#1f2937}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e5e7eb}
.bar{background:#1f2937;color:#f9fafb;padding:.6rem 1rem;font:14px system-ui,sans-serif}
.bar a{color:#a5b4fc;margin-right:1rem}.bar span{margin-right:1.5rem}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  `<style>${style}</style></head><body>${body}</body></html>`;

function listing(messages: MailboxMessage[], dir: string) {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.date).toLocaleString('en-GB'))}</td><td>${escapeHtml(m.to)}</td>` +
        `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join('');
  const table = messages.length
    ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet.</p>';
  return page(
    'Development mailbox',
    `<main><h1>Development mailbox</h1><p>Mail the store sent while <code>SMTP_URL</code> is unset, newest first ` +
      `(kept in <code>${escapeHtml(dir)}</code>). Production never shows this page.</p>${table}</main>`,
  );
}

/** The message's own HTML part, with a bar on top: who it went to, and links to the other parts. */
function message(m: MailboxMessage) {
  const bar =
    `<div class="bar" role="banner"><a href="/dev/mailbox">← Development mailbox</a>` +
    `<span>To: ${escapeHtml(m.to)}</span><span>Subject: ${escapeHtml(m.subject)}</span>` +
    `<a href="/dev/mailbox/${m.id}/text">Plain text</a><a href="/dev/mailbox/${m.id}/eml">.eml</a></div>`;
  const withBar = m.html.replace(/<body([^>]*)>/i, (tag) => `${tag}<style>${style}</style>${bar}`);
  return withBar === m.html ? page(m.subject, bar + m.html) : withBar;
}

/**
 * GET /dev/mailbox: the development mailbox (mail sent while SMTP_URL is unset, outside production), a list
 * with a page per message as the recipient would see it. Mounted only when mail goes there, and answered only to
 * callers on this machine: its messages hold reset and sign-in links, phone numbers and meeting places.
 */
export function devMailboxRoutes(dir: string) {
  const find = async (id: string) => {
    const found = await readMailboxMessage(dir, id);
    if (!found) throw new AppError('NOT_FOUND', 'No such message in the mailbox');
    return found;
  };
  return new Hono<AppEnv>()
    .use(loopbackCallersOnly)
    .get('/', async (c) => c.html(listing(await listMailbox(dir), dir)))
    .get('/:id', async (c) => c.html(message(await find(c.req.param('id')))))
    .get('/:id/text', async (c) => c.text((await find(c.req.param('id'))).text))
    .get('/:id/eml', async (c) => {
      const found = await find(c.req.param('id'));
      c.header('Content-Disposition', `attachment; filename="${found.id}.eml"`);
      return c.body(found.eml, 200, { 'Content-Type': 'message/rfc822' });
    });
}
