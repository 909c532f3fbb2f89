// What other features may use of the ISBN lookup: the cached lookup itself (a shelf import's drafts use it).
export { lookUpIsbn } from './isbn-lookup.service.ts';
