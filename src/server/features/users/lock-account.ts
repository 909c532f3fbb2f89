import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { AppError } from '../../http/errors.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Holds the caller's account while a write that refers to it (a booking, a report, a listing) is made:
 * an admin deleting the account meanwhile waits (and then removes that row with the account), or went first
 * and the caller is told so instead of meeting a foreign-key error. Accounts are always locked before books,
 * as deleting a user does, so the two cannot deadlock.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<void> {
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('key share');
  if (!found) throw new AppError('UNAUTHORIZED', 'Your account no longer exists; please sign in again');
}
