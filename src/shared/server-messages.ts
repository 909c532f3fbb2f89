import { mailMessages } from './texts/mail.ts';

/**
 * The texts only the server writes, which the web app never loads: the heads of the pages it describes
 * (features/seo/page-heads.ts), in the page's language, and the mail (texts/mail.ts), in its recipient's.
 */
export const serverMessages = {
  ...mailMessages,
  pageHeads: {
    bookTitle: '{book} — {price} — {site}',
    bookByTitle: '{book} by {author} — {price} — {site}',
    bookDescription: '{condition} second-hand copy, {price}. {description}',
    copyCondition: '{condition} condition.',
    cover: 'Cover of {book}',
    bookMissing: 'Book not found',
    bookMissingText: 'There is no book at this address.',
    bookGoneText: 'Search the store for another copy.',
    sellerMissing: 'Seller not found',
    sellerMissingText: 'There is no seller at this address.',
    sellerClosed: 'This account was closed.',
    sellerTitle: '{name}, seller — {site}',
    sellerDescription: '{name} sells second-hand books on {site}: {onSale} on sale, {sold} sold.',
    sellerRated: 'Rated {average, number, ::.0} out of 5 from {count, plural, one {# review} other {# reviews}}.',
    sellerPhoto: 'Photo of {name}',
    categoryMissing: 'No such category',
    categoryMissingText: 'There is no category of this name.',
    categoryTitle: '{name} books — {site}',
    categoryDescription: 'Second-hand {name} books for sale on {site}: book a copy and meet the seller.',
    searchTitle: 'Search — {site}',
    searchForTitle: '“{q}” — Search — {site}',
    searchDescription: 'Search the second-hand books of {site}.',
    searchForDescription: 'Second-hand books matching “{q}” on {site}.',
    searchBooks: 'Search the books',
  },
} as const;
