import { parentPort, workerData } from 'node:worker_threads';
import { mailboxTransport } from './dev-mailbox.ts';
import type { ThreadAnswer, ThreadRequest } from './mail-thread.ts';
import { type MailPlace, smtpTransport } from './mail-transport.ts';

// The mail thread (mail-thread.ts): sends each message it is given, and answers whether the transport took it.
const place = workerData as MailPlace;
const transport = 'smtpUrl' in place ? smtpTransport(place.smtpUrl) : mailboxTransport(place.mailboxDir);

parentPort!.on('message', async ({ id, mail }: ThreadRequest) => {
  const answer: ThreadAnswer = await transport.send(mail).then(
    () => ({ id }),
    (error: unknown) => {
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : String(error);
      return { id, error: { message, code: typeof code === 'string' ? code : undefined } };
    },
  );
  parentPort!.postMessage(answer);
});
