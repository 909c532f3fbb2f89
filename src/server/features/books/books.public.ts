// What other features may use of books: the public catalogue's rule and reads, and a book's answer.
export { bookViewColumns, fromBookView, toBook, withGoodPrices, withGoodPricesPaged } from './book-view.ts';
export { addBookIn, type ListingDeps } from './books.service.ts';
export { listingsLeft } from './listing-limit.ts';
export { getBook, isPublic } from './public-books.service.ts';
