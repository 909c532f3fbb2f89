import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { ConversationSummary } from '#shared/schemas/conversation.ts';
import { PagedItems } from '#web/components/paged-items.tsx';
import { usePaging } from '#web/components/paging.ts';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { conversationsPageSize, useConversations } from './api/get-conversations.ts';
import { LiveBadge } from './live-badge.tsx';
import { useLiveConversations } from './live-events.ts';

const m = texts.conversations;

function ConversationItem({ conversation }: { conversation: ConversationSummary }) {
  const unread = conversation.unread > 0;
  return (
    <li data-testid="conversation">
      <Link
        to={`/dashboard/messages/${conversation.id}`}
        className={`flex items-center gap-3 rounded-box p-3 hover:bg-base-200 focus-visible:bg-base-200 ${unread ? 'bg-base-200/60' : ''}`}
      >
        {conversation.bookImage ? (
          <img
            src={conversation.bookImage}
            alt=""
            width={40}
            height={60}
            className="h-15 w-10 shrink-0 rounded object-cover"
          />
        ) : (
          <span className="h-15 w-10 shrink-0 rounded bg-base-300" />
        )}
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate ${unread ? 'font-bold' : 'font-medium'}`}>
              {m.withPerson({
                name: conversation.other.name,
                role: conversation.role === 'buyer' ? 'seller' : 'buyer',
              })}
            </span>
            {conversation.lastMessageAt && (
              <time className="shrink-0 text-xs text-base-content/70" dateTime={conversation.lastMessageAt}>
                {formatDateTime(conversation.lastMessageAt)}
              </time>
            )}
          </span>
          <span className="block truncate text-sm text-base-content/70">
            {m.about({ book: conversation.bookName })}
          </span>
          <span className={`block truncate text-sm ${unread ? 'font-semibold' : 'text-base-content/80'}`}>
            {conversation.lastMessage}
          </span>
        </span>
        {unread && (
          <span className="badge badge-primary shrink-0" data-testid="unread">
            <span aria-hidden="true">{conversation.unread}</span>
            <span className="sr-only">{m.unread({ n: conversation.unread })}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/** `/dashboard/messages`: the signed-in person's conversations, both sides, with unread counts; live. */
export function MessagesPage() {
  const paging = usePaging(conversationsPageSize);
  const list = useConversations(paging.page);
  const live = useLiveConversations();
  useDocumentTitle(m.heading);
  return (
    <section aria-labelledby="messages-heading" className="mx-auto max-w-3xl">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h1 id="messages-heading" className="text-3xl font-bold">
          {m.heading}
        </h1>
        <LiveBadge live={live} />
      </div>
      <p className="mb-6 text-base-content/70">{m.intro}</p>
      <PagedItems
        query={list}
        {...paging}
        empty={m.empty}
        keyOf={(c) => c.id}
        className="divide-y divide-base-content/10"
      >
        {(conversation) => <ConversationItem conversation={conversation} />}
      </PagedItems>
    </section>
  );
}
