/**
 * The Wanted list, and the notifications it brings (features/wanted, ADR 019): English texts, every leaf an ICU string
 * (ADR 030).
 */
export const wantedMessages = {
  notifications: {
    heading: 'Notifications',
    bell: '{n, plural, =0 {Notifications} one {# unread notification} other {# unread notifications}}',
    empty: 'No notifications yet.',
    unread: 'New',
    markAllRead: 'Mark all as read',
    seeBook: 'See the book',
    readMessage: 'Read the message',
  },
  // Our own texts: the Wanted list and the notifications it brings (ADR 019).
  wanted: {
    heading: 'Wanted',
    intro: 'When a book matching one of these is listed, we email you and it shows under the bell.',
    empty: 'Your Wanted list is empty. Add a book from its page, or save a search that finds nothing yet.',
    isbn: 'ISBN {isbn}',
    titled: '{title} (ISBN {isbn})',
    search: 'Search “{q}”',
    searchWithFilters: 'Search with filters',
    filters: 'Filters',
    added: 'Added to your Wanted list',
    addIsbn: 'Add to Wanted',
    saveSearch: 'Tell me when it’s listed',
    signInToSave: 'Log in to be told when a matching book is listed.',
    remove: 'Remove',
    removeWhat: 'Remove {what} from your Wanted list?',
    removed: 'Removed from your Wanted list',
    duplicate: 'This is already on your Wanted list',
    full: 'Your Wanted list holds at most {max} entries; remove one first',
    emptySearch: 'A saved search needs words or a filter',
    invalidIsbn: 'isbn must be a valid ISBN-10 or ISBN-13',
    oneOf: 'Send either an isbn or a search',
    listed: '“{book}”, on your Wanted list, is listed for {price}',
  },
} as const;
