import { defineMail } from '#server/mail/define-mail.ts';
import { type MailMessage, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

// Conversations (kind `orders`: they are about a book on sale or an order of it), in the words of the catalogue's
// `mailTexts.conversations`.

const unreadMessages = defineMail(
  'unread-messages',
  'orders',
  (d: { conversationId: string; from: string; bookName: string }) => {
    const t = texts.mailTexts.conversations.unreadMessages;
    return words(
      { subject: t.subject, lines: t.lines({ from: d.from, book: d.bookName }) },
      { href: `/dashboard/messages/${d.conversationId}`, label: t.button },
    );
  },
);

/** To a person with unread messages in a conversation: once, until they read them. */
export function unreadMessagesMail(p: {
  userId: string;
  conversationId: string;
  from: string;
  bookName: string;
}): MailMessage {
  const { userId, ...data } = p;
  return { ...unreadMessages.message(data), userId };
}

export const mailTemplates = [unreadMessages];
