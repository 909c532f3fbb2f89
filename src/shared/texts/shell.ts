/**
 * The app shell every page shows (the header, the footer, the language switcher, the error page), and what features
 * share (the confirm dialog, a list's pages, the specification's toasts and alerts): English texts, every leaf an ICU
 * string (ADR 030).
 */
export const shellMessages = {
  brand: 'The Big Bookshelf',
  nav: {
    skipToContent: 'Skip to content',
    main: 'Main',
    menu: 'Menu',
    yourProfile: 'Your profile',
    home: 'Home',
    blogs: 'Blogs',
    about: 'Writter Section',
    dashboard: 'Dashboard',
    signOut: 'Sign Out',
    login: 'Login',
    signUp: 'Sign Up',
  },
  dialog: { cancel: 'Cancel' },
  /** The check of who is signed in, which every page makes. */
  account: {
    checking: 'Checking your account',
    /** It did not answer (too many requests, the server or the network failing): nobody was signed out. */
    checkFailed: 'Your account could not be checked just now: {reason}',
    unreachable: 'the server could not be reached',
  },
  pages: {
    label: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    position: 'Page {page} of {pages}',
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
  // Our own texts: the footer's groups (the specification's names) and the language switcher.
  footer: {
    services: 'Services',
    buyingBooks: 'Buying books',
    sellingBooks: 'Selling books',
    meetupSafety: 'Meet-up safety',
    buyerProtection: 'Buyer protection',
    company: 'Company',
    aboutUs: 'About us',
    contact: 'Contact',
    jobs: 'Jobs',
    pressKit: 'Press kit',
    legal: 'Legal',
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    cookies: 'Cookie policy',
    copyright: 'Copyright © {year} {brand}. All rights reserved.',
  },
  language: { label: 'Language' },
  /** A page that failed to show (its code did not load, or it broke): the route's error element. */
  routeError: {
    heading: 'This page could not be shown',
    text: 'Something went wrong while opening it. Try again, or go back to the home page.',
    retry: 'Try again',
    home: 'Back to the home page',
  },
} as const;
