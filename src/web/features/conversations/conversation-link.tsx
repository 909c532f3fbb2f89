import { Link } from 'react-router';

/** A link to the conversation about a book: the buyer's own, or (for its seller) the one with `buyerId`. */
export function ConversationLink({ bookId, buyerId, label }: { bookId: string; buyerId?: string; label: string }) {
  const query = new URLSearchParams({ book: bookId, ...(buyerId && { buyer: buyerId }) });
  return (
    <Link
      to={`/dashboard/messages/open?${query}`}
      className="link link-primary text-sm"
      data-testid="conversation-link"
    >
      {label}
    </Link>
  );
}
