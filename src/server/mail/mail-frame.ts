import type { mailOutbox } from '#server/db/schema/mail.ts';
import { locales, localizedPath } from '#shared/i18n/locales.ts';
import { currentLocale, texts } from '#shared/i18n/texts.ts';
import { escapeHtml, isOptionalMailKind, type MailWords } from './mail-message.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** What the sender needs to frame a message: the same on every server (APP_URL, AUTH_SECRET, MAIL_FROM). */
export interface MailFrameConfig {
  appUrl: string;
  secret: string;
  from: string;
}

/** A message ready for the transport. */
export interface OutgoingMail {
  /** The outbox row it comes from. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for every attempt at one row, so a receiving server can tell a repeat. */
  messageId: string;
  headers: Record<string, string>;
}

/**
 * A row of the outbox as the message people get, in the language of the moment (the sender runs it in its
 * recipient's): greeting, the message's `words`, its link as a button (and as text), the store's name linking
 * home, and a footer that says why it came, with a link that turns its kind of mail off (and the
 * List-Unsubscribe headers mail programs offer as a button, RFC 8058), signed for the recipient's current
 * `linkVersion` (their account's `mail_link_version` when it is sent).
 */
export function frameMail(
  row: Pick<OutboxRow, 'id' | 'kind' | 'userId' | 'toAddress' | 'toName'>,
  words: MailWords,
  config: MailFrameConfig,
  linkVersion: number,
): OutgoingMail {
  const t = texts.mailTexts.frame;
  const locale = currentLocale();
  const home = new URL(localizedPath(locale, '/'), config.appUrl).href;
  // A page of the app opens in the message's language; a full URL (a link of Better Auth's) as it is.
  const link = new URL(
    words.link.href.startsWith('/') ? localizedPath(locale, words.link.href) : words.link.href,
    config.appUrl,
  ).href;
  const greeting = row.toName ? t.greeting({ name: row.toName }) : t.greetingWithoutName;
  const headers: Record<string, string> = {};
  let footerText: string = t.footer.cannotTurnOff;
  let footerHtml = escapeHtml(t.footer.cannotTurnOff);
  if (row.userId && isOptionalMailKind(row.kind)) {
    const token = unsubscribeToken(config.secret, row.userId, row.kind, linkVersion);
    const page = new URL(localizedPath(locale, `/unsubscribe?token=${encodeURIComponent(token)}`), config.appUrl).href;
    const oneClick = new URL(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, config.appUrl).href;
    const turnOff = t.footer.turnOff({ what: texts.mail.kinds[row.kind] });
    footerText = `${turnOff}: ${page}`;
    footerHtml = `<a href="${escapeHtml(page)}" style="color:#6b7280">${escapeHtml(turnOff)}</a>`;
    headers['List-Unsubscribe'] = `<${oneClick}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }

  const text = [
    greeting,
    words.text,
    `${words.link.label}: ${link}`,
    `-- \n${t.signature}, ${home}\n${t.footer.why}\n${footerText}`,
  ].join('\n\n');

  const button =
    `<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:6px;` +
    `background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(words.link.label)}</a>`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${locales[locale].dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(words.subject)}</title></head>
<body dir="${locales[locale].dir}" style="margin:0;padding:0;background:#f5f3ee;color:#1f2937;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;border-collapse:collapse;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb"><a href="${escapeHtml(home)}" style="color:#1f2937;text-decoration:none;font-size:20px;font-weight:700">${escapeHtml(texts.brand)}</a></td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${words.html}
<p style="margin:8px 0 16px">${button}</p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(words.link.label)}: <a href="${escapeHtml(link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(link)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${escapeHtml(t.footer.why)} ${footerHtml}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;

  return {
    id: row.id,
    from: config.from,
    to: row.toAddress,
    subject: words.subject,
    text,
    html,
    messageId: `<${row.id}@${new URL(config.appUrl).hostname || 'bigbookshelf'}>`,
    headers,
  };
}
