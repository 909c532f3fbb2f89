import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { useStartConversation } from './use-conversations.ts';

/**
 * "Ask the seller" on a book page: opens the signed-in person's conversation about the book (made the first time).
 * `whenSignedIn` runs it, or sends a signed-out visitor to log in first.
 */
export function AskSellerButton({
  bookId,
  disabled,
  whenSignedIn,
}: {
  bookId: string;
  disabled?: boolean;
  whenSignedIn: (then: () => void, reason: string) => void;
}) {
  const navigate = useNavigate();
  const start = useStartConversation();
  const m = texts.conversations;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-outline"
      disabled={disabled || start.isPending}
      onClick={() =>
        whenSignedIn(
          () =>
            start.mutate(
              { bookId },
              {
                onSuccess: ({ id }) => navigate(`/dashboard/messages/${id}`),
                onError: (error) => toast.error(error.message),
              },
            ),
          m.signInToAsk,
        )
      }
    >
      {m.askSeller}
    </button>
  );
}
