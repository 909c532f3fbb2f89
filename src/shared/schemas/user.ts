import { z } from 'zod';
import { roles } from '#shared/constants.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { personName } from './auth.ts';

/** A user as every call answers it; field names are the specification's. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.literal('Verified').nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean().describe('Whether the person confirmed their email address (the link mailed at sign-up).'),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user's own profile: display name and photo (a https URL, an uploaded picture, or none). */
export const profileSchema = z.object({
  displayName: personName,
  photoURL: z
    .string()
    .trim()
    .max(2048, 'photo URL is too long')
    .refine((url) => url === '' || url.startsWith('/images/') || isHttpsUrl(url), pageMessages.profile.photoUrlInvalid),
});
export type Profile = z.infer<typeof profileSchema>;

function isHttpsUrl(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === 'https:';
}
