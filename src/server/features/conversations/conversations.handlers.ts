import { streamSSE } from 'hono/streaming';
import { AppError } from '#server/app-error.ts';
import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import * as blocks from './blocks.service.ts';
import type { routes } from './conversations.routes.ts';
import * as conversations from './conversations.service.ts';
import type { LiveEvent } from './live-hub.ts';
import * as messageReports from './message-reports.service.ts';

/**
 * The caller's live stream (ADR 028): every new message of their conversations (the event id is the message id)
 * and every read mark, as server-sent events. With Last-Event-ID (a browser's EventSource sends it when it
 * reconnects) the messages after that id come first; the stream is subscribed before they are read, and a
 * message already sent is never sent again. A comment every LIVE_HEARTBEAT keeps proxies from closing it.
 */
export const streamConversationEvents: AppRouteHandler<typeof routes.streamConversationEvents> = (async (c) => {
  const { deps } = c.var;
  const caller = callerOf(c);
  const header = c.req.valid('header')['last-event-id'];
  const after = header === undefined ? null : Number(header);
  let forward: ((event: LiveEvent) => void) | null = null;
  let stop: (() => void) | null = null;
  const early: LiveEvent[] = [];
  const limit = deps.env.LIVE_STREAMS_PER_USER;
  const end = await deps.live.subscribe(
    caller.id,
    {
      send: (event) => (forward ? forward(event) : early.push(event)),
      close: () => stop?.(),
    },
    limit,
  );
  if (!end) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `You have ${limit} live connections open already; close another tab of the store and try again`,
      { retryAfterSeconds: 10 },
    );
  }
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let lastSent = after ?? 0;
    let writing = Promise.resolve();
    const ended = new Promise<void>((resolve) => {
      stop = () => {
        stream.abort();
        resolve();
      };
      stream.onAbort(() => resolve());
    });
    const send = (event: LiveEvent) => {
      writing = writing
        .then(async () => {
          if (stream.aborted) return;
          if (event.kind === 'message') {
            if (event.message.id <= lastSent) return;
            lastSent = event.message.id;
            await stream.writeSSE({
              event: 'message',
              id: String(event.message.id),
              data: JSON.stringify(event.message),
            });
          } else {
            await stream.writeSSE({ event: 'read', data: JSON.stringify(event.read) });
          }
        })
        .catch(() => {});
    };
    const heartbeat = setInterval(() => {
      writing = writing
        .then(() => stream.write(': keep-alive\n\n'))
        .then(
          () => {},
          () => {},
        );
    }, deps.env.LIVE_HEARTBEAT);
    try {
      await stream.write('retry: 2000\n: connected\n\n');
      if (after !== null) {
        for (const message of await conversations.messagesAfter(deps.db, caller.id, after)) {
          send({ kind: 'message', message });
        }
      }
      for (const event of early.splice(0)) send(event);
      forward = send;
      await ended;
    } finally {
      clearInterval(heartbeat);
      end();
    }
  });
}) as AppRouteHandler<typeof routes.streamConversationEvents>;

export const listConversations: AppRouteHandler<typeof routes.listConversations> = async (c) => {
  const { body, headers } = pageAnswer(
    await conversations.listConversations(c.var.deps.db, callerOf(c).id, c.req.valid('query')),
  );
  return c.json(body, 200, headers);
};

export const countUnreadMessages: AppRouteHandler<typeof routes.countUnreadMessages> = async (c) =>
  c.json({ unread: await conversations.countUnread(c.var.deps.db, callerOf(c).id) }, 200);

export const startConversation: AppRouteHandler<typeof routes.startConversation> = async (c) =>
  c.json({ id: await conversations.startConversation(c.var.deps.db, callerOf(c), c.req.valid('json')) }, 200);

export const getConversation: AppRouteHandler<typeof routes.getConversation> = async (c) =>
  c.json(
    await conversations.getConversation(
      c.var.deps.db,
      callerOf(c),
      c.req.valid('param').id,
      c.req.valid('query').before,
    ),
    200,
  );

export const sendMessage: AppRouteHandler<typeof routes.sendMessage> = async (c) => {
  const { deps } = c.var;
  const message = await conversations.sendMessage(
    deps.db,
    callerOf(c),
    c.req.valid('param').id,
    c.req.valid('json').text,
    { mailDelayMs: deps.env.MESSAGE_MAIL_DELAY },
  );
  deps.metrics.messageSent();
  return c.json(message, 201);
};

export const markConversationRead: AppRouteHandler<typeof routes.markConversationRead> = async (c) =>
  c.json(await conversations.markRead(c.var.deps.db, callerOf(c), c.req.valid('param').id), 200);

export const blockPerson: AppRouteHandler<typeof routes.blockPerson> = async (c) =>
  c.json(await blocks.blockPerson(c.var.deps.db, callerOf(c).id, c.req.valid('param').userId), 200);

export const unblockPerson: AppRouteHandler<typeof routes.unblockPerson> = async (c) =>
  c.json(await blocks.unblockPerson(c.var.deps.db, callerOf(c).id, c.req.valid('param').userId), 200);

export const reportMessage: AppRouteHandler<typeof routes.reportMessage> = async (c) => {
  const body = c.req.valid('json') as { reason?: string } | undefined;
  return c.json(
    await messageReports.reportMessage(c.var.deps.db, callerOf(c), c.req.valid('param').id, body?.reason),
    200,
  );
};

export const listReportedMessages: AppRouteHandler<typeof routes.listReportedMessages> = async (c) => {
  const { body, headers } = pageAnswer(await messageReports.listReportedMessages(c.var.deps.db, c.req.valid('query')));
  return c.json(body, 200, headers);
};

export const dismissMessageReports: AppRouteHandler<typeof routes.dismissMessageReports> = async (c) =>
  c.json(
    await messageReports.dismissMessageReports(c.var.deps.db, c.req.valid('param').messageId, callerOf(c).id),
    200,
  );
