import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** The signed-in person's meetup details (profile): what their new listings start with. */
export const meetupDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me', 'meetup'], queryFn: () => unwrap(api.users.me.meetup.$get()) });

export const useMeetupDetails = () => useQuery(meetupDetailsQueryOptions());
