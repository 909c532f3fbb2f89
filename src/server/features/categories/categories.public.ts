// What other features may use of categories.
export { listCategories } from './categories.service.ts';
