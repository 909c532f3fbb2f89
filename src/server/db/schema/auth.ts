import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { changesVersion } from './change-versions.ts';

/** Tables in the shape Better Auth expects, plus our own role and verification fields on `user`. */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['Buyer', 'Seller', 'Admin'] })
      .notNull()
      .default('Buyer'),
    verified: boolean('verified').notNull().default(false),
    /**
     * An admin's role before they were made one (null for everyone else): roles are capabilities, so an admin who
     * was a seller keeps selling (`capabilitiesOf`), and taking the admin role back gives this role back.
     */
    formerRole: text('former_role', { enum: ['Buyer', 'Seller'] }),
    /** Set when an admin closed the account: it can no longer sign in and its personal data is gone. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The version of the account's mail links (unsubscribe): signing out of them all raises it, and older ones fail. */
    mailLinkVersion: integer('mail_link_version').notNull().default(0),
    /**
     * Set when an admin banned the account from reporting books (features/reports/reporters.service.ts): its
     * reports no longer count toward hiding a book and new ones are refused, until an admin lifts it.
     */
    reportingBannedAt: timestamp('reporting_banned_at', { withTimezone: true }),
    /** The admin who banned it. */
    reportingBannedBy: text('reporting_banned_by').references((): AnyPgColumn => user.id),
    /** The IANA time zone the person's browser last reported (`Europe/Berlin`); mail shows times in it. */
    timeZone: text('time_zone'),
    /** The store's language the person reads it in (`es`); their mail and notifications are written in it. */
    language: text('language'),
    /** The phone number and usual meeting place a seller's new listings start with (the profile's meetup details). */
    meetupPhone: text('meetup_phone'),
    meetupPlace: text('meetup_place'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // My Orders and My Products find their owner by email whatever its case.
  (t) => [index('user_email_lower_idx').on(sql`lower(${t.email})`)],
);
// The lists show sellers' names, emails and badges; the admins' user lists and the session cache, every account.
changesVersion(user, 'catalog', {
  on: ['update', 'delete'],
  columns: [user.name, user.email, user.verified, user.image, user.closedAt],
});
changesVersion(user, 'accounts');

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);
// A new session too: the admins' user lists show each person's last activity.
changesVersion(session, 'accounts');

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Shared rate-limit counters, so several app servers count together. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
