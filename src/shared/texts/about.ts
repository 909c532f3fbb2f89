/** The page of every available book (features/about): English texts, every leaf an ICU string (ADR 030). */
export const aboutMessages = {
  about: {
    showAllBooks: 'Click to see all available books',
    heading: 'The books on our shelves',
    noBooks: 'No books are available right now.',
    showing: 'Showing {shown} of {total, plural, one {# available book} other {# available books}}.',
  },
} as const;
