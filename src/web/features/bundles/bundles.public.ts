// What other features may use of bundles: adding a book, the seller's offer and discount, and an order's books.
export { AddToBundleButton, BundleBar, BundleOffer } from './add-to-bundle.tsx';
export { BundleDiscountCard } from './bundle-discount-card.tsx';
export { OrderBundleBooks } from './order-bundle.tsx';
