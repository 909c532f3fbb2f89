import { texts } from '#shared/i18n/texts.ts';
import { useUnreadMessages } from './api/get-conversations.ts';

/** Beside the dashboard's Messages link: how many messages the person has not read, when any. */
export function UnreadMessagesBadge() {
  const unread = useUnreadMessages(true).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="badge badge-sm badge-primary" data-testid="unread-messages">
      <span aria-hidden="true">{unread}</span>
      <span className="sr-only">{texts.conversations.unread({ n: unread })}</span>
    </span>
  );
}
