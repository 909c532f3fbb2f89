import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { ReportedMessage } from '#shared/schemas/conversation.ts';
import { ItemMutationButton } from '#web/components/item-button.tsx';
import { PagedItems } from '#web/components/paged-items.tsx';
import { useLocalPaging } from '#web/components/paging.ts';
import { formatDateTime } from '#web/lib/date-time.ts';
import { reportedMessagesPageSize, useReportedMessages } from './api/get-reported-messages.ts';
import { useDismissMessageReports } from './use-conversations.ts';

const m = texts.conversations;

function ReportedMessageItem({
  item,
  dismiss,
}: {
  item: ReportedMessage;
  dismiss: ReturnType<typeof useDismissMessageReports>;
}) {
  return (
    <li className="rounded-box border border-base-content/10 p-4" data-testid="reported-message">
      <p className="text-sm text-base-content/80 break-words">
        {m.between({ buyer: item.buyerName, seller: item.sellerName, book: item.bookName })}
      </p>
      <ol className="my-3 space-y-1 rounded-box bg-base-200/60 p-2" aria-label={m.conversationLabel}>
        {item.context.map((message) => {
          const reported = message.id === item.messageId;
          return (
            <li
              key={message.id}
              className={`rounded px-2 py-1 text-sm break-words whitespace-pre-wrap ${reported ? 'bg-warning/30 font-medium' : ''}`}
              data-reported={reported || undefined}
            >
              <span className="font-semibold">{message.senderName}:</span> {message.text}
              <time className="ms-2 text-xs text-base-content/75" dateTime={message.createdAt}>
                {formatDateTime(message.createdAt)}
              </time>
            </li>
          );
        })}
      </ol>
      <ul className="space-y-1 text-sm">
        {item.reports.map((report) => (
          <li key={`${report.reporterName}-${report.reportedAt}`}>
            {m.reportedBy({ name: report.reporterName })} · {formatDateTime(report.reportedAt)}
            {report.reason && <span className="break-words"> · “{report.reason}”</span>}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <ItemMutationButton
          action={m.dismiss}
          item={item.message.text.slice(0, 40)}
          className="btn-sm btn-primary"
          mutation={dismiss}
          id={String(item.messageId)}
        />
        <Link className="btn btn-sm btn-outline" to={`/dashboard/messages/${item.conversationId}`}>
          {m.openConversation}
        </Link>
      </div>
    </li>
  );
}

/** Reported Items' section of reported messages, each with the messages around it, to dismiss or look into. */
export function ReportedMessagesSection() {
  const paging = useLocalPaging(reportedMessagesPageSize);
  const list = useReportedMessages(paging.page);
  const dismiss = useDismissMessageReports();
  return (
    <section aria-labelledby="reported-messages-heading" className="mt-10">
      <h2 id="reported-messages-heading" className="mb-4 text-xl font-bold">
        {m.reportedHeading}
      </h2>
      <PagedItems query={list} {...paging} empty={m.reportedEmpty} keyOf={(item) => String(item.messageId)}>
        {(item) => <ReportedMessageItem item={item} dismiss={dismiss} />}
      </PagedItems>
    </section>
  );
}
