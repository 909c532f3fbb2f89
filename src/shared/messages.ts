import type { BookDefect } from '#shared/constants.ts';

/**
 * The texts of the app shell, Home and the catalogue, which every first visit downloads; verbatim where the
 * specification fixes them (spelling included). The texts of the pages loaded on demand are in page-messages.ts.
 */
export const messages = {
  brand: 'The Big Bookshelf',
  nav: {
    home: 'Home',
    blogs: 'Blogs',
    about: 'Writter Section',
    dashboard: 'Dashboard',
    signOut: 'Sign Out',
    login: 'Login',
    signUp: 'Sign Up',
  },
  home: {
    headline: 'Books, Things with Feelings',
    tagline: 'Buy second-hand books of many different categories, and sell the old books you have already read.',
    searchCategory: 'Search Category',
    categoriesHeading: 'Books Category',
    viewCollection: 'View collection',
    advertisedHeading: 'Advertised books',
  },
  about: { showAllBooks: 'Click to see all available books' },
  category: { count: (n: number) => `${n} book are available in this category` },
  book: {
    reportThis: 'Report this',
    bookNow: 'Book Now',
    verified: 'verified',
    notVerified: 'not verified',
    sellerEmail: 'Seller email',
    phone: 'Phone',
    location: 'Location',
    originalPrice: 'Original price',
    resalePrice: 'Resale price',
    condition: 'Condition',
    purchaseDate: 'Purchased',
    postDate: 'Posted',
    yourOwn: 'This is your book.',
    // Our own texts: the seller's rating on every card and book page, linking to their page (ADR 027).
    newSeller: 'New seller',
    rating: (average: number, count: number) =>
      `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
    sellerPageOf: (name: string) => `${name}’s page`,
    contactThroughAsk: 'Contact the seller through Ask the seller.',
  },
  // Our own texts: the checklist of defects beside the condition.
  defects: {
    legend: 'Defects (optional)',
    hint: 'Tick what a buyer should know about this copy.',
    heading: 'Defects',
    labels: {
      notes_or_highlighting: 'Notes or highlighting',
      torn_or_loose_cover: 'Torn or loose cover',
      water_damage: 'Water damage',
      missing_pages: 'Missing pages',
      ex_library: 'Ex-library',
      signed_by_author: 'Signed by the author',
    } satisfies Record<BookDefect, string>,
    searchWithout: 'Without',
    searchSigned: 'Signed by the author',
  },
  // Our own texts (the specification has no search or book page).
  search: {
    label: 'Search books',
    placeholder: 'Title, author or ISBN',
    submit: 'Search',
    heading: 'Search',
    /** `more`: more match than the `n` listed. */
    found: (n: number, q: string, more = false) => {
      const books = more ? `More than ${n.toLocaleString('en-US')} books` : `${n} ${n === 1 ? 'book' : 'books'}`;
      return q ? `${books} found for “${q}”` : `${books} for sale`;
    },
    showingFor: (typed: string) => `No books match “${typed}”. Did you mean:`,
    similar: (typed: string) => `No books match “${typed}” exactly. These titles and authors come close:`,
    none: (q: string) => `No books match “${q}”. Try fewer or other words, or clear the filters.`,
    filters: 'Filters',
    category: 'Category',
    anyCategory: 'Any category',
    condition: 'Condition',
    anyCondition: 'Any condition',
    minPrice: 'Lowest price',
    maxPrice: 'Highest price',
    verified: 'Verified sellers only',
    apply: 'Apply',
    clear: 'Clear filters',
    sort: 'Sort by',
    sorts: {
      relevance: 'Relevance',
      newest: 'Newest',
      price_asc: 'Price: low to high',
      price_desc: 'Price: high to low',
    },
  },
  // Our own texts: what copies of a book sold for and are listed at, and the badge of a cheap copy (ADR 018).
  priceGuide: {
    heading: 'Price guide',
    prompt: 'Type the ISBN, or the title and the author, to see what copies sold for and are listed at here.',
    askWhat: 'Give an ISBN, or a title and an author',
    loading: 'Looking up copies of this book',
    notEnough: (n: number) =>
      `Not enough copies here to guide you: ${n === 0 ? 'none' : n} found, guidance needs at least 3.`,
    byIsbn: 'Copies with this ISBN',
    byTitle: 'Copies with this title and author',
    sold: (range: string, median: string, n: number) =>
      `Sold for ${range} (median ${median}, ${n === 1 ? '1 copy' : `${n} copies`})`,
    listed: (range: string, median: string, n: number) =>
      `Listed at ${range} (median ${median}, ${n === 1 ? '1 copy' : `${n} copies`})`,
    noneSold: 'None sold yet',
    noneListed: 'None on sale now',
    goodPrice: 'Good price',
    goodPriceHint: 'Cheaper than at least three quarters of the copies sold or on sale here',
  },
  dialog: { cancel: 'Cancel' },
  /** The check of who is signed in, which every page makes. */
  account: {
    checking: 'Checking your account',
    /** It did not answer (too many requests, the server or the network failing): nobody was signed out. */
    checkFailed: (reason: string) => `Your account could not be checked just now: ${reason}`,
    unreachable: 'the server could not be reached',
  },
  pages: {
    label: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    position: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  toast: {
    verified: 'Verified Successfully',
    madeAdmin: 'Make Admin Successful',
    advertised: 'Advertised Successfully',
    deleted: 'deleted successfully',
    userSaved: 'user saved successfully',
  },
  alert: {
    reported: 'this item reported',
    userCreated: 'user created successfully',
    paymentSuccessful: 'payment successful',
    booked: 'booked Successfully',
  },
  notifications: {
    heading: 'Notifications',
    bell: (n: number) => (n === 0 ? 'Notifications' : `${n} unread ${n === 1 ? 'notification' : 'notifications'}`),
    empty: 'No notifications yet.',
    unread: 'New',
    markAllRead: 'Mark all as read',
    seeBook: 'See the book',
    readMessage: 'Read the message',
  },
  /** A page that failed to show (its code did not load, or it broke): the route's error element. */
  routeError: {
    heading: 'This page could not be shown',
    text: 'Something went wrong while opening it. Try again, or go back to the home page.',
    retry: 'Try again',
    home: 'Back to the home page',
  },
} as const;
