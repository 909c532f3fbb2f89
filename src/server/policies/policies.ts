import { AppError } from '#server/app-error.ts';
import type { Role } from '#shared/constants.ts';

/**
 * Who may touch a record: one rule per action, each with the words a refused caller reads. Services and handlers
 * ask `authorize(caller, 'order.pay', booking)` after finding the record (a missing one is their 404), so a rule
 * is written once; the authorization matrix names the rule each of its rows exercises and checks the refusal.
 * Which routes a role may call at all is the route's `access`, checked before the input is read.
 */
interface Caller {
  id: string;
  role: Role;
  email: string;
}

interface Rule<Actor, Record> {
  allows(actor: Actor, record: Record): boolean;
  refusal: string;
}

const rule = <Actor, Record>(allows: (actor: Actor, record: Record) => boolean, refusal: string) =>
  ({ allows, refusal }) satisfies Rule<Actor, Record>;

type Id = Pick<Caller, 'id'>;
const isAdmin = (actor: Pick<Caller, 'role'>) => actor.role === 'Admin';
const sellerOf = (actor: Id, book: { sellerId: string }) => book.sellerId === actor.id;
const buyerOf = (actor: Id, order: { buyerId: string | null }) => order.buyerId === actor.id;
const ownerOf = (actor: Id, entry: { userId: string }) => entry.userId === actor.id;
const partOf = (actor: Id, talk: { buyerId: string; sellerId: string }) =>
  talk.buyerId === actor.id || talk.sellerId === actor.id;
const selfOrAdmin = (actor: Pick<Caller, 'role' | 'email'>, asked: { email: string }) =>
  isAdmin(actor) || actor.email.toLowerCase() === asked.email.toLowerCase();

export const policies = {
  'book.advertise': rule(sellerOf, 'You can only advertise your own books'),
  'book.delete': rule(sellerOf, 'You can only delete your own books'),
  'book.edit': rule(sellerOf, 'You can only edit your own books'),
  'book.listOwn': rule(selfOrAdmin, 'You can only see your own books'),
  'booking.cancel': rule(
    (actor: Pick<Caller, 'id' | 'role'>, book: { sellerId: string }) => sellerOf(actor, book) || isAdmin(actor),
    'Only the seller of this book can cancel its booking',
  ),
  'order.read': rule(buyerOf, 'This order belongs to someone else'),
  'order.pay': rule(buyerOf, 'This order belongs to someone else'),
  'order.delete': rule(buyerOf, 'You can only delete your own orders'),
  'order.reportProblem': rule(buyerOf, 'This order belongs to someone else'),
  'order.enterCode': rule(sellerOf, 'Only the seller of this book can enter its code'),
  'review.write': rule(
    (actor: Id, order: { buyerId: string | null; sellerId: string }) => buyerOf(actor, order) || sellerOf(actor, order),
    'Only the buyer and the seller of this order can review it',
  ),
  'review.reply': rule(
    (actor: Id, review: { subjectId: string }) => review.subjectId === actor.id,
    'Only the person reviewed can reply to this review',
  ),
  'account.read': rule(selfOrAdmin, 'You can only see your own account'),
  'wanted.remove': rule(ownerOf, 'You can only remove entries of your own Wanted list'),
  'notification.read': rule(ownerOf, 'You can only read your own notifications'),
  'shelfImport.read': rule(sellerOf, 'This import belongs to someone else'),
  'draft.edit': rule(sellerOf, 'This draft belongs to someone else'),
  'draft.discard': rule(sellerOf, 'This draft belongs to someone else'),
  'draft.publish': rule(sellerOf, 'This draft belongs to someone else'),
  // Conversations: the buyer and the seller of the book; an admin reads one only while a report of a message in it
  // or a problem reported with an order of its book and buyer awaits them (`adminInvolved`).
  'conversation.read': rule(
    (actor: Pick<Caller, 'id' | 'role'>, talk: { buyerId: string; sellerId: string; adminInvolved: boolean }) =>
      partOf(actor, talk) || (isAdmin(actor) && talk.adminInvolved),
    'This conversation is between two other people',
  ),
  'conversation.write': rule(partOf, 'Only the buyer and the seller in this conversation can write in it'),
  'conversation.startWithBuyer': rule(sellerOf, 'Only the seller of this book can write first to its buyer'),
  'message.report': rule(
    (actor: Id, message: { buyerId: string; sellerId: string; senderId: string }) =>
      partOf(actor, message) && message.senderId !== actor.id,
    'You can only report a message someone wrote to you',
  ),
};

/**
 * Who gets a seller's email and phone in a book's answer (PRODUCT §11): the seller, an admin, the buyer of the book's
 * booking that awaits payment or is paid. Not a refusal: everyone else's answer leaves both fields out.
 */
export const mayReadContact = (
  actor: Pick<Caller, 'id' | 'role'>,
  book: { sellerId: string; bookedBy: string | null },
): boolean => isAdmin(actor) || sellerOf(actor, book) || book.bookedBy === actor.id;

export type Policy = keyof typeof policies;
type ActorOf<P extends Policy> = Parameters<(typeof policies)[P]['allows']>[0];
type RecordOf<P extends Policy> = Parameters<(typeof policies)[P]['allows']>[1];

/** Refuses with 403 and the rule's words unless `actor` may do `policy` to `record`. */
export function authorize<P extends Policy>(actor: ActorOf<P>, policy: P, record: RecordOf<P>): void {
  const { allows, refusal } = policies[policy] as Rule<ActorOf<P>, RecordOf<P>>;
  if (!allows(actor, record)) throw new AppError('FORBIDDEN', refusal);
}
