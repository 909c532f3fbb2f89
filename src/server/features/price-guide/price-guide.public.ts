// What other features may use of the price guide: the guidance for a book (a shelf import's suggested prices).
export { getPriceGuide } from './price-guide.service.ts';
