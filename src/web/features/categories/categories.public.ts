// What other features may use of categories.
export { useCategories } from './api/get-categories.ts';
