import { z } from 'zod';

/** Text a person must give, trimmed: left out or blank is refused with `required`, over `max` with `tooLong`. */
export function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}
