import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { reports } from '#server/db/schema/catalog.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { recountReports } from './report-counting.ts';

/** Who bans or lifts a ban, of which account, with REPORT_HIDE_THRESHOLD. */
export interface BanChange {
  id: string;
  by: string;
  hideThreshold: number;
}

/**
 * The account's row, locked (`no key update`: a report being made by it holds it `for share`, so the two wait for
 * each other), with its ban; 404 for an unknown or closed account.
 */
async function lockReporterAccount(tx: Tx, id: string) {
  const [account] = await tx
    .select({ bannedAt: user.reportingBannedAt })
    .from(user)
    .where(and(eq(user.id, id), isNull(user.closedAt)))
    .for('no key update');
  if (!account) throw new AppError('NOT_FOUND', 'No user with this id');
  return account;
}

/** The books this account has reports of that await a decision: their flags change with its ban. */
async function booksOpenlyReportedBy(tx: Tx, id: string) {
  const rows = await tx
    .selectDistinct({ bookId: reports.bookId })
    .from(reports)
    .where(and(eq(reports.reporterId, id), isNull(reports.dismissedAt)));
  return rows.map((row) => row.bookId);
}

/**
 * An admin bans an account from reporting books, after reports of it they judged abusive: from the commit none of
 * its reports counts toward hiding a book (a book they hid is listed again unless enough others' reports count),
 * its open reports stay in the queue marked so, and its new reports are refused (403). Who banned it and when are
 * kept, until an admin lifts the ban. Nothing else of the account changes (closing it is `DELETE /api/users/{id}`).
 */
export function banReporter(db: Db, { id, by, hideThreshold }: BanChange) {
  if (id === by) throw new AppError('CONFLICT', 'You cannot ban yourself from reporting');
  return inTransaction(db, async (tx) => {
    const account = await lockReporterAccount(tx, id);
    if (account.bannedAt) throw new AppError('CONFLICT', 'This account is already banned from reporting');
    await tx.update(user).set({ reportingBannedAt: sql`now()`, reportingBannedBy: by }).where(eq(user.id, id));
    await recountReports(tx, await booksOpenlyReportedBy(tx, id), hideThreshold);
    return { acknowledged: true, modifiedCount: 1 };
  });
}

/**
 * An admin lifts an account's ban from reporting: it may report again, and its open reports count again where they
 * did before the ban (a book they now hide leaves the public lists, and its booking awaiting payment cannot be paid).
 */
export function unbanReporter(db: Db, { id, hideThreshold }: BanChange) {
  return inTransaction(db, async (tx) => {
    const account = await lockReporterAccount(tx, id);
    if (!account.bannedAt) throw new AppError('CONFLICT', 'This account is not banned from reporting');
    await tx.update(user).set({ reportingBannedAt: null, reportingBannedBy: null }).where(eq(user.id, id));
    await recountReports(tx, await booksOpenlyReportedBy(tx, id), hideThreshold);
    return { acknowledged: true, modifiedCount: 1 };
  });
}
