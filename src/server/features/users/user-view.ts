import type { user } from '#server/db/schema/auth.ts';
import type { User } from '#shared/schemas/user.ts';

type UserRow = Pick<
  typeof user.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'verified' | 'image' | 'emailVerified'
>;

/** A user row in the API's shape (the specification's field names). */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.verified ? 'Verified' : null,
    photoURL: row.image,
    emailVerified: row.emailVerified,
  };
}
