import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { account, user } from '#server/db/schema/auth.ts';
import { signUpSchema } from '#shared/schemas/auth.ts';

export type AdminAccountResult = { outcome: 'created' | 'promoted' | 'unchanged'; email: string };

/**
 * Makes `email` an admin: promotes the existing account (its password stays), or creates one with
 * `password` and `name` under the sign-up rules. One transaction either way.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: { email: string; password?: string; name?: string },
): Promise<AdminAccountResult> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(user).where(eq(user.email, email)).for('update');
    if (existing) {
      if (existing.role === 'Admin') return { outcome: 'unchanged', email };
      await tx.update(user).set({ role: 'Admin', updatedAt: new Date() }).where(eq(user.id, existing.id));
      return { outcome: 'promoted', email };
    }
    const parsed = signUpSchema.safeParse({ name: input.name ?? 'Admin', email, password: input.password ?? '' });
    if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
    const id = crypto.randomUUID();
    await tx.insert(user).values({ id, name: parsed.data.name, email, role: 'Admin' });
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      userId: id,
      accountId: id,
      providerId: 'credential',
      password: await hashPassword(parsed.data.password),
    });
    return { outcome: 'created', email };
  });
}
