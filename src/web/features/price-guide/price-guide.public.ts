// What other features may use of the price guide: its panel beside a book's price.
export { PriceGuidePanel } from './price-guide-panel.tsx';
