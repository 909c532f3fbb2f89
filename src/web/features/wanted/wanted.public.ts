// What other features may use of the Wanted list: the button that adds a book or a search to it.
export { AddToWanted } from './add-to-wanted.tsx';
