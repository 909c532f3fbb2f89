// What other features may use of reviews: a person's public page.
export { getSellerProfile } from './sellers.service.ts';
