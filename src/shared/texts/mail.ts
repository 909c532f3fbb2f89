/** The email settings an email's links open (features/mail): English texts, every leaf an ICU string (ADR 030). */
export const mailMessages = {
  // Our own texts: the page an email's unsubscribe link opens.
  mail: {
    kinds: {
      orders: 'your orders and sales',
      moderation: 'reports and removed listings',
      account: 'changes an admin makes to your account',
      wanted: 'books on your Wanted list being listed',
    },
    heading: 'Email settings',
    question: 'Stop emails about {what}?',
    stop: 'Stop these emails',
    stopped: 'Done: you will no longer get emails about {what}.',
    resume: 'Send them to me again',
    resumed: 'You will get emails about {what} again.',
    linkInvalid: 'This link is not valid. Use the link in the latest email.',
    linkSignedOut:
      'This link no longer works: its owner signed out of the links of earlier emails. Use the link in a newer email.',
    links: 'Links in your emails',
    linksExplained:
      'Each email we send has a link that turns that kind of email off without signing in. If an email was forwarded or someone else can read your mailbox, sign out of the links of every email sent so far; later emails carry new ones.',
    signOutLinks: 'Sign out of every email link',
    linksSignedOut: 'Done: the links in the emails sent so far no longer work.',
  },
} as const;
