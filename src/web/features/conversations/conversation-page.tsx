import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { type Conversation, type Message, messageMaxLength } from '#shared/schemas/conversation.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { conversationQueryKey, getConversation, useConversation } from './api/get-conversation.ts';
import { LiveBadge } from './live-badge.tsx';
import { useLiveConversations } from './live-events.ts';
import {
  useBlockPerson,
  useMarkConversationRead,
  useReportMessage,
  useSendMessage,
  useUnblockPerson,
  withMessage,
} from './use-conversations.ts';

const m = texts.conversations;

/** The other person, for the caller's side (an admin reads the buyer's side). */
const otherOf = (c: Conversation) => (c.role === 'seller' ? c.buyer : c.seller);

function Bubble({
  message,
  mine,
  own,
  start,
  status,
  onReport,
}: {
  message: Message;
  /** Drawn on the right, as one's own (for an admin, the seller's). */
  mine: boolean;
  /** Written by the reader: named "You". */
  own: boolean;
  /** Shown as the start of the other person's run: their name above it. */
  start: boolean;
  status: string | null;
  onReport?: () => void;
}) {
  return (
    <li className={`chat ${mine ? 'chat-end' : 'chat-start'}`} data-testid="message" data-mine={mine}>
      <div className="chat-header mb-0.5 flex items-baseline gap-2 text-xs">
        {start && <span className="font-medium">{own ? m.you : message.senderName}</span>}
        <time className="text-base-content/80" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <div
        dir="auto"
        className={`chat-bubble max-w-[85%] whitespace-pre-wrap break-words sm:max-w-[70%] ${mine ? 'chat-bubble-primary' : ''}`}
      >
        {message.text}
      </div>
      {(status || onReport) && (
        <div className="chat-footer mt-0.5 flex items-center gap-2 text-xs text-base-content/70">
          {status && <span data-testid="message-status">{status}</span>}
          {onReport && (
            <button
              type="button"
              className="link link-hover"
              aria-label={`${m.reportMessage}: ${message.text.slice(0, 40)}`}
              onClick={onReport}
            >
              {m.report}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function Composer({ conversation }: { conversation: Conversation }) {
  const send = useSendMessage(conversation.id);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const other = conversation.role === 'seller' ? conversation.buyer : conversation.seller;
  const left = messageMaxLength - text.trim().length;
  function submit(event?: FormEvent) {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setProblem(m.writeFirst);
    if (trimmed.length > messageMaxLength) return setProblem(m.tooLong({ max: messageMaxLength }));
    setProblem(null);
    send.mutate(trimmed, { onSuccess: () => setText('') });
  }
  const why = other.closed
    ? m.closedAccount
    : conversation.blockedYou
      ? m.blockedYou
      : conversation.youBlocked
        ? m.youBlocked
        : null;
  if (why) {
    return (
      <p className="alert alert-soft alert-warning mt-3" data-testid="cannot-write">
        {why}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="mt-3 flex items-end gap-2" aria-label={m.writeLabel({ name: other.name })}>
      <label className="flex-1">
        <span className="sr-only">{m.writeLabel({ name: other.name })}</span>
        <textarea
          name="message"
          className={`textarea w-full resize-none ${problem ? 'textarea-error' : ''}`}
          rows={2}
          placeholder={m.placeholder}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby="composer-note"
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
          }}
        />
        <span
          id="composer-note"
          className={`block text-xs ${problem || left < 0 ? 'text-error' : 'text-base-content/75'}`}
        >
          {problem ?? (left < 200 ? m.charactersLeft({ n: left }) : '\u00a0')}
        </span>
      </label>
      <button type="submit" className="btn btn-primary mb-5" disabled={send.isPending}>
        {send.isPending ? m.sending : m.send}
      </button>
    </form>
  );
}

function BlockButton({ conversation }: { conversation: Conversation }) {
  const other = conversation.role === 'seller' ? conversation.buyer : conversation.seller;
  const block = useBlockPerson(other.name);
  const unblock = useUnblockPerson(other.name);
  const [asking, setAsking] = useState(false);
  if (conversation.role === 'admin' || other.closed) return null;
  if (conversation.youBlocked) {
    return (
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={unblock.isPending}
        onClick={() => unblock.mutate(other.id)}
      >
        {m.unblock}
      </button>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setAsking(true)}>
        {m.block}
      </button>
      <ConfirmDialog
        open={asking}
        title={m.blockWho({ name: other.name })}
        confirmLabel={m.block}
        busy={block.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => block.mutate(other.id, { onSettled: () => setAsking(false) })}
      >
        <p className="py-2 text-sm">{m.blockWhat}</p>
      </ConfirmDialog>
    </>
  );
}

function ReportMessageDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const report = useReportMessage();
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (message) setReason('');
  }, [message]);
  return (
    <ConfirmDialog
      open={message !== null}
      title={m.reportMessage}
      confirmLabel={m.report}
      confirmClassName="btn-warning"
      busy={report.isPending}
      onCancel={onClose}
      onConfirm={() => message && report.mutate({ id: message.id, reason }, { onSuccess: onClose })}
    >
      {message && (
        <blockquote dir="auto" className="my-2 border-s-4 border-base-300 ps-3 text-sm whitespace-pre-wrap break-words">
          {message.text}
        </blockquote>
      )}
      <label className="fieldset">
        <span className="fieldset-legend">{m.reportWhy}</span>
        <textarea
          className="textarea w-full"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
    </ConfirmDialog>
  );
}

function ConversationView({ conversation, live }: { conversation: Conversation; live: boolean }) {
  const queryClient = useQueryClient();
  const markRead = useMarkConversationRead(conversation.id);
  const [reporting, setReporting] = useState<Message | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const role = conversation.role;
  const me = role === 'buyer' ? conversation.buyer : role === 'seller' ? conversation.seller : null;
  const other = role === 'seller' ? conversation.buyer : conversation.seller;
  const otherMark = role === 'buyer' ? conversation.sellerReadUpTo : conversation.buyerReadUpTo;
  const myMark = role === 'buyer' ? conversation.buyerReadUpTo : conversation.sellerReadUpTo;
  const last = conversation.messages.at(-1);
  const lastMine = [...conversation.messages].reverse().find((message) => message.senderId === me?.id);

  // Reading: while the page is shown, a message from the other person moves the read mark ("Seen" for them).
  // Once per newest message: the mark moves to it, and the other side hears so.
  const readSent = useRef(0);
  useEffect(() => {
    if (!me || !last || last.senderId === me.id || last.id <= myMark) return;
    const read = () => {
      if (document.visibilityState !== 'visible' || readSent.current >= last.id) return;
      readSent.current = last.id;
      markRead.mutate();
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [me, last, myMark, markRead]);

  // The newest message in view.
  const lastId = last?.id;
  useEffect(() => {
    const element = list.current;
    if (element && lastId !== undefined) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  async function loadOlder() {
    const first = conversation.messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const older = await getConversation(conversation.id, first.id);
      queryClient.setQueryData<Conversation>(conversationQueryKey(conversation.id), (old) =>
        old ? { ...older.messages.reduce(withMessage, old), hasOlder: older.hasOlder } : old,
      );
    } finally {
      setLoadingOlder(false);
    }
  }

  return (
    <>
      <header className="flex flex-wrap items-center gap-3 border-b border-base-content/10 pb-3">
        <Link to={`/books/${conversation.book.id}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
          {conversation.book.image ? (
            <img
              src={conversation.book.image}
              alt=""
              width={40}
              height={60}
              className="h-15 w-10 rounded object-cover"
            />
          ) : (
            <span className="block h-15 w-10 rounded bg-base-300" />
          )}
        </Link>
        <div className="min-w-0 flex-1">
          <h1 id="conversation-heading" className="truncate text-xl font-bold">
            {role === 'admin'
              ? m.buyerAndSeller({ buyer: conversation.buyer.name, seller: conversation.seller.name })
              : other.name}
            {other.closed && role !== 'admin' && (
              <span className="badge badge-ghost badge-sm ms-2 align-middle">{m.closed}</span>
            )}
          </h1>
          <Link
            to={`/books/${conversation.book.id}`}
            className="link link-hover block truncate text-sm text-base-content/70"
          >
            {m.about({ book: conversation.book.name })}
          </Link>
        </div>
        <LiveBadge live={live} />
        <BlockButton conversation={conversation} />
      </header>
      {role === 'admin' && <p className="alert alert-info alert-soft mt-3 text-sm">{m.adminReading}</p>}
      <ol
        ref={list}
        aria-label={m.conversationLabel}
        aria-live="polite"
        className="mt-3 max-h-[60svh] min-h-48 space-y-1 overflow-y-auto overscroll-contain rounded-box bg-base-200/50 p-3"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolled list is reached and scrolled by keyboard
        tabIndex={0}
      >
        {conversation.hasOlder && (
          <li className="text-center">
            <button type="button" className="btn btn-ghost btn-xs" disabled={loadingOlder} onClick={loadOlder}>
              {m.earlier}
            </button>
          </li>
        )}
        {conversation.messages.length === 0 && (
          <li className="p-6 text-center text-sm text-base-content/70">{m.noMessages}</li>
        )}
        {conversation.messages.map((message, i) => {
          const mine = me ? message.senderId === me.id : message.senderId === conversation.seller.id;
          const previous = conversation.messages[i - 1];
          const status = me && message.id === lastMine?.id ? (otherMark >= message.id ? m.seen : m.sent) : null;
          return (
            <Bubble
              key={message.id}
              message={message}
              mine={mine}
              own={message.senderId === me?.id}
              start={previous?.senderId !== message.senderId}
              status={status}
              onReport={me && !mine ? () => setReporting(message) : undefined}
            />
          );
        })}
      </ol>
      {me && <Composer conversation={conversation} />}
      <ReportMessageDialog message={reporting} onClose={() => setReporting(null)} />
    </>
  );
}

/** `/dashboard/messages/:id`: one conversation, live, with read receipts; its two people write, block and report. */
export function ConversationPage() {
  const { id = '' } = useParams();
  const conversation = useConversation(id);
  const live = useLiveConversations();
  const other = conversation.data && otherOf(conversation.data);
  useDocumentTitle(other ? `${m.heading}: ${other.name}` : m.heading);
  return (
    <section aria-labelledby="conversation-heading" className="mx-auto max-w-3xl">
      <Link to="/dashboard/messages" className="link link-hover mb-3 inline-block text-sm">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{' '}
        {m.backToList}
      </Link>
      <QueryView query={conversation}>{(data) => <ConversationView conversation={data} live={live} />}</QueryView>
    </section>
  );
}
