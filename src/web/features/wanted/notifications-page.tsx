import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { Notification } from '#shared/schemas/wanted.ts';
import { MutationButton } from '#web/components/mutation-button.tsx';
import { PagedItems } from '#web/components/paged-items.tsx';
import { usePaging } from '#web/components/paging.ts';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { notificationsPageSize, useNotifications } from './api/get-notifications.ts';
import { useMarkRead } from './use-wanted.ts';

const m = texts.notifications;

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = notification.readAt === null;
  return (
    <li data-testid="notification" className={`rounded-box p-4 ${unread ? 'bg-base-200' : ''}`}>
      <p className={unread ? 'font-semibold' : ''}>
        {unread && <span className="badge badge-secondary badge-sm me-2">{m.unread}</span>}
        {notification.text}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-base-content/70">
        <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
        <Link className="link link-primary" to={notification.link} onClick={onOpen}>
          {notification.kind === 'message' ? m.readMessage : m.seeBook}
        </Link>
      </p>
    </li>
  );
}

/** `/dashboard/notifications`: what the store told the signed-in person, newest first; opening one reads it. */
export function NotificationsPage() {
  const paging = usePaging(notificationsPageSize);
  const list = useNotifications(paging.page);
  const markRead = useMarkRead();
  useDocumentTitle(m.heading);
  return (
    <section aria-labelledby="notifications-heading">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 id="notifications-heading" className="text-3xl font-bold">
          {m.heading}
        </h1>
        {list.data?.items.some((n) => n.readAt === null) && (
          <MutationButton mutation={markRead} variables={undefined} className="btn-outline btn-sm">
            {m.markAllRead}
          </MutationButton>
        )}
      </div>
      <PagedItems
        query={list}
        {...paging}
        empty={m.empty}
        keyOf={(notification) => notification._id}
        className="space-y-2"
      >
        {(notification) => (
          <NotificationItem
            notification={notification}
            onOpen={() => notification.readAt === null && markRead.mutate(notification._id)}
          />
        )}
      </PagedItems>
    </section>
  );
}
