/** One server-sent event as a browser's EventSource would see it (comments kept apart, for the heartbeat). */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
  /** When it was read (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: { text: string; at: number }[];
  /** The first event from `from` (an index into `events`) that `match` accepts, waiting up to `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<SseEvent>;
  /** Waits until `count` events are in, or fails after `timeoutMs`. */
  atLeast(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Drops the connection, as a closed tab or a lost network would. */
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The body for a refused stream (a JSON error). */
  text(): Promise<string>;
}

/**
 * Opens `url` as a stream of server-sent events with `headers` (a session cookie, Last-Event-ID), and parses it as
 * the EventSource specification says: `event`, `id`, `data` lines; a blank line ends an event; `:` starts a comment.
 */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: { text: string; at: number }[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  const ok = res.status === 200 && res.headers.get('content-type')?.startsWith('text/event-stream');
  let ended: Promise<void> = Promise.resolve();
  if (ok && res.body) {
    ended = (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let current: { event?: string; id?: string; data: string[] } = { data: [] };
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let newline = buffer.indexOf('\n');
          while (newline >= 0) {
            const line = buffer.slice(0, newline).replace(/\r$/, '');
            buffer = buffer.slice(newline + 1);
            if (line === '') {
              if (current.data.length > 0) {
                events.push({
                  event: current.event ?? 'message',
                  id: current.id,
                  data: current.data.join('\n'),
                  at: performance.now(),
                });
                wake();
              }
              current = { data: [] };
            } else if (line.startsWith(':')) {
              comments.push({ text: line.slice(1).trim(), at: performance.now() });
              wake();
            } else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'event') current.event = value;
              else if (field === 'id') current.id = value;
              else if (field === 'data') current.data.push(value);
            }
            newline = buffer.indexOf('\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  function waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const found = check();
      if (found !== undefined) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.id))}`));
      }, timeoutMs);
      const waiter = () => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(value);
      };
      waiters.add(waiter);
    });
  }
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    next: (match, { from = 0, timeoutMs = 5000 } = {}) =>
      waitFor(() => events.slice(from).find(match), timeoutMs, 'matching event'),
    atLeast: (count, timeoutMs = 5000) =>
      waitFor(() => (events.length >= count ? events.slice() : undefined), timeoutMs, `${count} events`),
    ended,
    close: () => controller.abort(),
    text: () => res.text(),
  };
}

/** The body of an answer, or '' for a stream (server-sent events), which is dropped unread: it never ends. */
export async function bodyUnlessStream(res: Response): Promise<string> {
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return res.text();
  await res.body?.cancel();
  return '';
}
