/** The ISBN lookup (features/isbn, ADR 017): English texts, every leaf an ICU string (ADR 030). */
export const isbnMessages = {
  // Our own texts: the ISBN lookup on the add-a-book form (features/isbn).
  isbnLookup: {
    lookingUp: 'Looking the ISBN up…',
    found: 'Found “{title}”: the empty fields are filled in. Check them before you list.',
    notFound: 'This ISBN is not in the book catalogue: please type the details yourself.',
    unavailable: 'The book catalogue is not answering right now: please type the details yourself.',
    coverSuggestion: 'Suggested cover',
    coverAlt: 'Suggested cover of {title}',
    takeCover: 'Use this cover',
    takingCover: 'Storing the cover…',
    coverTaken: 'This cover is the listing’s first photo.',
    dropCover: 'Do not use this cover',
    scan: 'Scan',
    scanHeading: 'Scan the barcode',
    scanHint: 'Hold the barcode on the back cover in front of the camera.',
    scanFailed: 'The camera could not be opened: please type the ISBN.',
    stopScan: 'Stop scanning',
  },
} as const;
