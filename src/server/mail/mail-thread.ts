import { Worker } from 'node:worker_threads';
import type { OutgoingMail } from './mail-frame.ts';
import { describeMailPlace, type MailPlace, type MailTransport } from './mail-transport.ts';

/** A message for the thread, and its answer: nothing when the transport took it, or why it did not. */
export type ThreadRequest = { id: number; mail: OutgoingMail };
export type ThreadAnswer = { id: number; error?: { message: string; code?: string } };

/**
 * The transport of `place`, run in a worker thread of its own: composing a booking's two messages (`mimeMessage`)
 * and writing them to the development mailbox or the SMTP server happen beside the thread that answers requests
 * (ADRs 035, 038). The thread starts with the first message, and again
 * after it stopped; a message it held when it stopped fails, and the outbox tries it again as it tries any failed
 * message.
 * It holds the process open only while it has messages in hand.
 */
export function mailThread(place: MailPlace): MailTransport {
  let thread: ReturnType<typeof startThread> | undefined;
  let next = 0;
  return {
    description: describeMailPlace(place),
    send(mail) {
      if (!thread) {
        const started = startThread(place, () => {
          if (thread === started) thread = undefined;
        });
        thread = started;
      }
      return thread.send({ id: next++, mail });
    },
    close() {
      void thread?.worker.terminate();
      thread = undefined;
    },
  };
}

function startThread(place: MailPlace, stopped: () => void) {
  const worker = new Worker(new URL('./mail-thread.worker.ts', import.meta.url), { workerData: place });
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  worker.unref();
  worker.on('message', ({ id, error }: ThreadAnswer) => {
    const answer = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    if (error) answer?.reject(Object.assign(new Error(error.message), { code: error.code }));
    else answer?.resolve();
  });
  const fail = (error: Error) => {
    stopped();
    for (const answer of waiting.values()) answer.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the mail thread stopped (exit code ${code})`)));
  return {
    worker,
    send(request: ThreadRequest) {
      return new Promise<void>((resolve, reject) => {
        if (waiting.size === 0) worker.ref();
        waiting.set(request.id, { resolve, reject });
        worker.postMessage(request);
      });
    },
  };
}
