import { type MailMessage, message } from '#server/mail/mail-message.ts';

// Conversations (kind `orders`: they are about a book on sale or an order of it).

export const conversationsMailTexts = {
  unreadMessages: {
    // The subject names the store's words only: the book's title and the message are the people's own words.
    subject: 'You have a new message about a book',
    lines: (from: string, book: string) => [
      `${from} wrote to you about “${book}”. Open the conversation to read it and answer.`,
      'We email you once while a conversation has unread messages; the next email comes after you have read them.',
    ],
    button: 'Read the message',
  },
} as const;

/** To a person with unread messages in a conversation: once, until they read them. */
export function unreadMessagesMail(p: {
  userId: string;
  conversationId: string;
  from: string;
  bookName: string;
}): MailMessage {
  const t = conversationsMailTexts.unreadMessages;
  return message(
    { template: 'unread-messages', kind: 'orders', userId: p.userId },
    { subject: t.subject, lines: t.lines(p.from, p.bookName) },
    { href: `/dashboard/messages/${p.conversationId}`, label: t.button },
  );
}
