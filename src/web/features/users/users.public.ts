// What other features use of users: the signed-in person's meetup details.
export { useMeetupDetails } from './api/get-meetup-details.ts';
