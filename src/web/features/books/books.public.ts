// What other features may use of books: the lists they show, a page of books and its Book Now and Report dialogs.
export { useAdvertisedBooks } from './api/get-advertised-books.ts';
export { useAllBooks } from './api/get-all-books.ts';
export { useSellerBooks } from './api/get-seller-books.ts';
export { useBookActions } from './book-actions.tsx';
export { CategoryBookGrid } from './category-book-grid.tsx';
export { uploadPhoto } from './upload-photo.ts';
