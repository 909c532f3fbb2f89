import type { MailData, MailKind, MailMessage, MailWords } from './mail-message.ts';

/**
 * A kind of message: its name (the outbox's `template`), its kind of mail, and how its words are written from its
 * data. `render` runs when the message is sent, inside `inLocale` of its recipient's language, so it reads the
 * store's texts (`texts.mailTexts…`) and formats amounts in that language.
 */
export interface MailTemplate<D extends MailData> {
  template: string;
  kind: MailKind;
  render(data: D): MailWords;
  /** The message of this template saying `data`, for `queueMail` once its recipient is added. */
  message(data: D): Omit<MailMessage, 'userId' | 'to'>;
}

/** A template, declared in its feature's `<f>.mail.ts` and exported in that file's `mailTemplates` (mail-templates.ts finds them). */
export function defineMail<D extends MailData>(
  template: string,
  kind: MailKind,
  render: (data: D) => MailWords,
): MailTemplate<D> {
  return { template, kind, render, message: (data) => ({ template, kind, data }) };
}
