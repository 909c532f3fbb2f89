import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOptionalMailKind, type OptionalMailKind } from './mail-templates.ts';

const purpose = 'bookshelf mail unsubscribe v1';

function signature(secret: string, userId: string, kind: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${userId}\n${kind}`).digest();
}

/**
 * The token in a message's unsubscribe link: the account and the kind of mail, signed with AUTH_SECRET
 * (HMAC-SHA256), so the link works without signing in and cannot be made for anyone else. It does not
 * expire: an old message's link still turns that mail off.
 */
export function unsubscribeToken(secret: string, userId: string, kind: OptionalMailKind): string {
  return `${Buffer.from(userId).toString('base64url')}.${kind}.${signature(secret, userId, kind).toString('base64url')}`;
}

/** The account and kind a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: OptionalMailKind } | null {
  const [encodedUser, kind, sent, ...rest] = token.split('.');
  if (!encodedUser || !kind || !sent || rest.length > 0 || !isOptionalMailKind(kind)) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  const expected = signature(secret, userId, kind);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind };
}
