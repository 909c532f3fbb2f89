// What other features may use of the not-found page.
export { NotFoundPage } from './not-found-page.tsx';
