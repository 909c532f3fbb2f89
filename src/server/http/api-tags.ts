import { routesTagged } from './access.ts';

// The parts of the API, each named once: a part defines its routes (`bookingsApi.post('/booking', { … })`) under its
// OpenAPI tag, which groups them in the document. One part's routes may come from several features (Books: the
// catalogue, search, the ISBN lookup and the price guide).

export const accountApi = routesTagged('Account');
export const bookingsApi = routesTagged('Bookings');
export const booksApi = routesTagged('Books');
export const categoriesApi = routesTagged('Categories');
export const handoversApi = routesTagged('Handovers');
export const healthApi = routesTagged('Health');
export const mailApi = routesTagged('Mail');
export const notificationsApi = routesTagged('Notifications');
export const paymentsApi = routesTagged('Payments');
export const reportsApi = routesTagged('Reports');
export const uploadsApi = routesTagged('Uploads');
export const usersApi = routesTagged('Users');
export const wantedApi = routesTagged('Wanted');
