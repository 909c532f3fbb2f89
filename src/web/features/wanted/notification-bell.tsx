import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useUnreadCount } from './api/get-unread-count.ts';

/** The navbar's bell for a signed-in person: a link to their notifications, the unread count on it. */
export function NotificationBell() {
  const { user } = useCurrentUser();
  const unread = useUnreadCount(Boolean(user)).data?.unread ?? 0;
  if (!user) return null;
  return (
    <Link
      to="/dashboard/notifications"
      className="btn btn-ghost btn-circle indicator"
      aria-label={texts.notifications.bell({ n: unread })}
      data-testid="notification-bell"
    >
      {unread > 0 && (
        <span className="indicator-item badge badge-sm badge-secondary" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
      <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" aria-hidden="true">
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="2"
          d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0"
        />
      </svg>
    </Link>
  );
}
