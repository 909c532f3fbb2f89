import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/states.tsx';
import { useStartConversation } from './use-conversations.ts';

/**
 * `/dashboard/messages/open?book=…[&buyer=…]`: the conversation about a book (My Orders' and My Products' links),
 * started the first time, then shown in its place.
 */
export function OpenConversationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = useStartConversation();
  const asked = useRef(false);
  const bookId = params.get('book') ?? '';
  const buyerId = params.get('buyer') ?? undefined;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start.mutate(
      { bookId, buyerId },
      { onSuccess: ({ id }) => navigate(`/dashboard/messages/${id}`, { replace: true }) },
    );
  }, [bookId, buyerId, navigate, start]);
  if (start.isError) return <ErrorState error={start.error} />;
  return <Spinner />;
}
