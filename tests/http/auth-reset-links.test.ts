import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verification } from '#server/db/schema/auth.ts';
import { cookieOf } from '../support/cookie-header.ts';
import { listen } from '../support/live-server.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import { resetLinks } from '../support/reset-links.ts';

// Issue #31, finding 3: a reset link asked for before a reset (or a password change) set a password afterwards.
// Real HTTP to a listening server; the links are read from the real SMTP server the app mails to.
const t = await createMailingTestApp();
const live = await listen(t);
afterAll(async () => {
  await live.close();
  await t.close();
});
const { askForLink, mailedTokens, mailedToken, reset, signIn, bearerOf, opens } = resetLinks(t, live);

const resetLinksOf = (userId: string) =>
  t.db
    .select()
    .from(verification)
    .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));

describe('a reset link asked for before the password changed', () => {
  it('no longer works once another link has set a new password, nor do the other sessions', async () => {
    const person = await live.signUp('Buyer', 'Two links');
    const bystander = await live.signUp('Buyer', 'Bystander');
    const bearer = await bearerOf(person);
    await askForLink(person.email);
    await askForLink(person.email);
    await askForLink(bystander.email);
    const [first, second] = await mailedTokens(person.email);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(first).not.toBe(second);

    expect((await reset(second!, 'Second#Pass9')).status).toBe(200);

    // Later, the first link (still within its hour) is refused and sets nothing.
    const late = await reset(first!, 'First#Pass99');
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(person.email, 'First#Pass99')).status).toBe(401);
    expect((await signIn(person.email, person.password)).status).toBe(401);
    expect((await signIn(person.email, 'Second#Pass9')).status).toBe(200);
    expect(await resetLinksOf(person.id)).toEqual([]);
    // The reset also ended every session from before it: the browser's cookie and the bearer token.
    for (const headers of [person.headers, bearer]) expect(await opens(headers)).toBe(401);

    // Someone else's link is theirs alone, and a link asked for after the reset works.
    expect((await reset(await mailedToken(bystander.email), 'Bystander#9')).status).toBe(200);
    await askForLink(person.email);
    expect((await reset(await mailedToken(person.email), 'Third#Pass9')).status).toBe(200);
    expect((await signIn(person.email, 'Third#Pass9')).status).toBe(200);
  });

  it('no longer works once the owner changed the password while signed in', async () => {
    const person = await live.signUp('Seller', 'Changing');
    await askForLink(person.email);
    const token = await mailedToken(person.email);

    const changed = await live.call('POST', '/api/auth/change-password', {
      as: person,
      json: { currentPassword: person.password, newPassword: 'Changed#123' },
    });
    expect(changed.status).toBe(200);

    const res = await reset(token, 'Stolen#Link9');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(person.email, 'Stolen#Link9')).status).toBe(401);
    expect((await signIn(person.email, 'Changed#123')).status).toBe(200);
    expect(await resetLinksOf(person.id)).toEqual([]);
    // The one who changed it goes on with the session the answer hands over.
    expect(await opens({ cookie: cookieOf(changed) })).toBe(200);
  });

  it('still works when the password change was refused', async () => {
    const person = await live.signUp('Buyer', 'Wrong password');
    await askForLink(person.email);
    const token = await mailedToken(person.email);
    const refused = await live.call('POST', '/api/auth/change-password', {
      as: person,
      json: { currentPassword: 'Not#ThePassword1', newPassword: 'Changed#123' },
    });
    expect(refused.status).toBe(400);
    expect((await reset(token, 'Reset#Pass9')).status).toBe(200);
  });
});
