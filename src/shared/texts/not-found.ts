/**
 * The page at an address the store does not know (features/not-found): English texts, every leaf an ICU string
 * (ADR 030).
 */
export const notFoundMessages = {
  notFound: {
    heading: 'This page is not on our shelves',
    text: 'The address may be mistyped, or the page has moved.',
    home: 'Back to the home page',
  },
} as const;
