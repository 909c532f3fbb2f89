import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOptionalMailKind, type OptionalMailKind } from './mail-message.ts';

const purpose = 'bookshelf mail unsubscribe v1';

/** Version 0 signs what the links sent before versions existed signed, so those keep working until a sign-out. */
function signature(secret: string, userId: string, kind: string, version: number): Buffer {
  const signed = `${purpose}\n${userId}\n${kind}${version > 0 ? `\n${version}` : ''}`;
  return createHmac('sha256', secret).update(signed).digest();
}

/**
 * The token in a message's unsubscribe link: the account, the kind of mail and the account's mail-link version,
 * signed with AUTH_SECRET (HMAC-SHA256), so the link works without signing in and cannot be made for anyone else.
 * It does not expire: an old message's link still turns that mail off, until its owner signs out of every link
 * (which raises the version). Version 0 is left out of the token: `user.kind.signature`, else
 * `user.kind.version.signature`.
 */
export function unsubscribeToken(secret: string, userId: string, kind: OptionalMailKind, version: number): string {
  const user = Buffer.from(userId).toString('base64url');
  const sent = signature(secret, userId, kind, version).toString('base64url');
  return [user, kind, ...(version > 0 ? [String(version)] : []), sent].join('.');
}

/** The account, kind and version a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: OptionalMailKind; version: number } | null {
  const parts = token.split('.');
  const [encodedUser, kind] = parts;
  const sent = parts.at(-1);
  const versionText = parts.length === 4 ? parts[2]! : '0';
  if (parts.length < 3 || parts.length > 4 || !encodedUser || !kind || !sent || !isOptionalMailKind(kind)) return null;
  if (!/^(0|[1-9]\d{0,8})$/.test(versionText)) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  const version = Number(versionText);
  const expected = signature(secret, userId, kind, version);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind, version };
}
