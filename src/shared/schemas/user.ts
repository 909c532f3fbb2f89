import { z } from 'zod';
import { roles, selfServiceRoles } from '#shared/constants.ts';
import { localeCodes } from '#shared/i18n/locales.ts';
import { texts } from '#shared/i18n/texts.ts';
import { isPhoneNumber } from './add-book.ts';
import { personName } from './auth.ts';
import { pageQuerySchema } from './book.ts';

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

/** A user in the admins' lists: the common shape, and what an admin needs to tell accounts apart and change roles. */
export const listedUserSchema = userSchema.extend({
  formerRole: z
    .enum(selfServiceRoles)
    .nullable()
    .describe('For an admin, the role they had before and get back if the admin role is taken back; else null.'),
  capabilities: z
    .array(z.enum(roles))
    .describe('What the account may do: its role, and Seller too for an admin who was a seller.'),
  closed: z.boolean().describe('Whether an admin closed (deleted) the account.'),
  joinedAt: z.string().describe('When the account was made (ISO 8601).'),
  lastActiveAt: z
    .string()
    .nullable()
    .describe('When one of its sessions was last used or started (ISO 8601); null when it has none.'),
});
export type ListedUser = z.infer<typeof listedUserSchema>;

const yesOrNo = z.enum(['true', 'false']);

/** The admins' user lists: a page, and filters that, when absent, leave the list as the specification has it. */
export const userListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional().describe('Part of the name or the email address, in any case.'),
  role: z.enum(roles).optional().describe('Only accounts of this role.'),
  verified: yesOrNo.optional().describe('Only verified sellers (true), or only accounts that are not (false).'),
  closed: yesOrNo.optional().describe('true: only closed accounts; false or absent: only open ones.'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** The signed-in user's own profile: display name and photo (a https URL, an uploaded picture, or none). */
export const profileSchema = z.object({
  displayName: personName,
  photoURL: z
    .string()
    .trim()
    .max(2048, 'photo URL is too long')
    .refine((url) => url === '' || url.startsWith('/images/') || isHttpsUrl(url), texts.profile.photoUrlInvalid),
});
export type Profile = z.infer<typeof profileSchema>;

function isHttpsUrl(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === 'https:';
}

/**
 * The meetup details on one's profile: the phone number and usual meeting place a seller's new listings start with.
 * Either may be empty (not kept).
 */
export const meetupDetailsSchema = z.object({
  phone: z
    .string({ error: texts.addBook.phoneInvalid })
    .trim()
    .max(40, texts.addBook.phoneInvalid)
    .refine((phone) => phone === '' || isPhoneNumber(phone), texts.addBook.phoneInvalid)
    .describe('The phone number buyers call about a listing; empty for none'),
  location: z
    .string({ error: texts.profile.meetupPlaceTooLong })
    .trim()
    .max(200, texts.profile.meetupPlaceTooLong)
    .describe('Where the seller usually meets buyers; empty for none'),
});
export type MeetupDetails = z.infer<typeof meetupDetailsSchema>;

/** Whether `name` is a time zone this runtime knows by its IANA name (`Europe/Berlin`, `UTC`). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The time zone the signed-in person's browser reports (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
export const languageSchema = z.object({
  language: z
    .enum(localeCodes, { error: () => texts.profile.languageInvalid({ languages: localeCodes.join(', ') }) })
    .describe(`One of the store's languages (${localeCodes.join(', ')}): mail and notifications are written in it.`),
});

export const timeZoneSchema = z.object({
  timeZone: z
    .string({ error: texts.profile.timeZoneInvalid })
    .trim()
    .max(64, texts.profile.timeZoneInvalid)
    .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, texts.profile.timeZoneInvalid)
    .refine(isTimeZone, texts.profile.timeZoneInvalid)
    .describe('An IANA time zone name, as the browser reports it: Europe/Berlin, America/New_York, UTC.'),
});
