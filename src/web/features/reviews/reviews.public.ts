// What other features may use of reviews: the 'Review' button of a handed-over order.
export { ReviewButton } from './review-button.tsx';
