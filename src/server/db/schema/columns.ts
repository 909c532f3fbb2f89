import { type AnyPgColumn, type ReferenceConfig, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// Columns many tables have, each made afresh for its table.

/** A row's id: a random uuid the database makes. */
export const generatedId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A uuid column (`name`) that must name a row of another table: `target` is that table's id column. */
export const requiredUuidRef = (name: string, target: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  uuid(name).notNull().references(target, actions);

/** The person a row belongs to (in the column `name`): the row goes with their user row. */
export const ownerId = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
