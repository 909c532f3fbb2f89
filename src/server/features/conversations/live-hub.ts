import pg from 'pg';
import type { Db } from '#server/db/client.ts';
import type { Logger } from '#server/http/logger.ts';
import type { Message, ReadEvent } from '#shared/schemas/conversation.ts';

/** The PostgreSQL channel conversations' news goes out on (ADR 028). */
export const liveChannel = 'conversation_events';

/**
 * What a NOTIFY on `liveChannel` says: small on purpose (a payload has at most 8,000 bytes), each server reads the
 * message itself once, and only when one of the two people has a stream open on it.
 */
export type LiveNews =
  | { kind: 'message'; id: number; to: [string, string] }
  | ({ kind: 'read'; to: [string, string] } & ReadEvent)
  | { kind: 'closed'; to: [string, string] };

/** What a stream is sent: a new message (its id is the event id) or a read mark. */
export type LiveEvent = { kind: 'message'; message: Message } | { kind: 'read'; read: ReadEvent };

/** One open stream: what to do with an event, and how to end it (when the server stops). */
export interface Sink {
  send(event: LiveEvent): void;
  close(): void;
}

/** Reads one message by id, with the two people of its conversation, for the streams that wait for it. */
export type ReadMessage = (id: number) => Promise<Message | null>;

export interface LiveHub {
  /**
   * Adds a stream of `userId`'s; answers its end, or null when the person holds `limit` streams on this server
   * already. Resolves once this server LISTENs, so nothing committed after it is missed.
   */
  subscribe(userId: string, sink: Sink, limit: number): Promise<(() => void) | null>;
  /** Streams open on this server, and the people holding them. */
  stats(): { streams: number; people: number; delivered: number };
  /** How long each message took from its commit to this server's streams (ms), since the last time asked. */
  takeDeliveryTimes(): number[];
  close(): Promise<void>;
}

/**
 * One LISTEN connection per server process, opened with the first stream and kept (reconnecting after a lost
 * connection), fanning each notification out to this process's streams of the two people it is about. News is
 * handled one notification at a time, in the order PostgreSQL delivers them (the order of their commits).
 */
export function createLiveHub({ db, log, readMessage }: { db: Db; log: Logger; readMessage: ReadMessage }): LiveHub {
  const sinks = new Map<string, Set<Sink>>();
  let client: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let closed = false;
  let queue = Promise.resolve();
  let delivered = 0;
  /** How long the last deliveries took from the message's commit to the streams, for the metrics (ms). */
  const deliveryMs: number[] = [];

  function connect(): Promise<void> {
    if (listening) return listening;
    const attempt = (async () => {
      const next = new pg.Client(db.$client.options);
      next.on('error', () => {});
      next.on('end', () => {
        if (client !== next) return;
        client = null;
        listening = null;
        // Lost: listen again while anyone is streaming (they get what they missed when they reconnect).
        if (!closed && sinks.size > 0) setTimeout(() => void connect().catch(() => {}), 500);
      });
      next.on('notification', (note) => {
        if (note.channel !== liveChannel || !note.payload) return;
        const payload = note.payload;
        queue = queue
          .then(() => spread(JSON.parse(payload) as LiveNews))
          .catch((error) => {
            log.warn('live news not delivered', { error: String(error) });
          });
      });
      await next.connect();
      await next.query(`listen ${liveChannel}`);
      client = next;
    })();
    listening = attempt.catch((error) => {
      listening = null;
      throw error;
    });
    return listening;
  }

  async function spread(news: LiveNews) {
    const waiting = news.to.filter((id) => sinks.has(id));
    if (waiting.length === 0) return;
    if (news.kind === 'closed') {
      for (const sink of [...(sinks.get(news.to[0]) ?? [])]) sink.close();
      sinks.delete(news.to[0]);
      return;
    }
    let event: LiveEvent;
    if (news.kind === 'message') {
      const message = await readMessage(news.id);
      if (!message) return;
      event = { kind: 'message', message };
      const took = Date.now() - Date.parse(message.createdAt);
      deliveryMs.push(took);
      if (deliveryMs.length > 1000) deliveryMs.splice(0, deliveryMs.length - 1000);
    } else {
      event = { kind: 'read', read: { conversationId: news.conversationId, readerId: news.readerId, upTo: news.upTo } };
    }
    for (const id of new Set(waiting)) {
      for (const sink of sinks.get(id) ?? []) {
        sink.send(event);
        delivered += 1;
      }
    }
  }

  return {
    async subscribe(userId, sink, limit) {
      const own = sinks.get(userId) ?? new Set<Sink>();
      if (own.size >= limit) return null;
      own.add(sink);
      sinks.set(userId, own);
      const end = () => {
        own.delete(sink);
        if (own.size === 0 && sinks.get(userId) === own) sinks.delete(userId);
      };
      try {
        await connect();
      } catch (error) {
        end();
        throw error;
      }
      return end;
    },
    stats() {
      let streams = 0;
      for (const own of sinks.values()) streams += own.size;
      return { streams, people: sinks.size, delivered };
    },
    takeDeliveryTimes: () => deliveryMs.splice(0),
    async close() {
      closed = true;
      for (const own of sinks.values()) for (const sink of own) sink.close();
      sinks.clear();
      const open = client;
      client = null;
      listening = null;
      await open?.end().catch(() => {});
    },
  };
}
