/** The price guide (features/price-guide, ADR 018): English texts, every leaf an ICU string (ADR 030). */
export const priceGuideMessages = {
  // Our own texts: what copies of a book sold for and are listed at, and the badge of a cheap copy (ADR 018).
  priceGuide: {
    heading: 'Price guide',
    prompt: 'Type the ISBN, or the title and the author, to see what copies sold for and are listed at here.',
    askWhat: 'Give an ISBN, or a title and an author',
    loading: 'Looking up copies of this book',
    notEnough:
      'Not enough copies here to guide you: {n, plural, =0 {none} other {#}} found, guidance needs at least 3.',
    byIsbn: 'Copies with this ISBN',
    byTitle: 'Copies with this title and author',
    sold: 'Sold for {range} (median {median}, {n, plural, one {# copy} other {# copies}})',
    listed: 'Listed at {range} (median {median}, {n, plural, one {# copy} other {# copies}})',
    noneSold: 'None sold yet',
    noneListed: 'None on sale now',
    goodPrice: 'Good price',
    goodPriceHint: 'Cheaper than at least three quarters of the copies sold or on sale here',
  },
} as const;
