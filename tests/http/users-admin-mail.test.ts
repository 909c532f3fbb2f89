import { afterAll, describe, expect, it } from 'vitest';
import { mailOptOuts } from '#server/db/schema/mail.ts';
import { en } from '#shared/i18n/english.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import { linkIn } from '../support/smtp-inbox.ts';
import { type TestUser, testOrigin } from '../support/test-app.ts';

const t = await createMailingTestApp();
afterAll(() => t.close());
const admin = await t.newUser('Admin');

const subjectsTo = async (person: TestUser) => {
  await t.runJobs();
  return t.inbox.to(person.email).map((m) => m.subject);
};

describe('an admin making someone admin or verifying a seller tells that person', () => {
  it('Make Admin mails the new admin once, with a link to the dashboard', async () => {
    const buyer = await t.newUser('Buyer');
    const res = await t.as(admin).users.makeAdmin[':id'].$put({ param: { id: buyer.id }, json: { role: 'Admin' } });
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect(await subjectsTo(buyer)).toEqual([en.mailTexts.users.madeAdmin.subject]);
    const [mail] = t.inbox.to(buyer.email);
    expect(linkIn(mail!, testOrigin)).toBe(`${testOrigin}/dashboard`);
    expect(mail!.text).toContain(en.mailTexts.frame.greeting({ name: buyer.name }));

    // Already an admin: nothing changes, nobody is told again.
    await t.as(admin).users.makeAdmin[':id'].$put({ param: { id: buyer.id }, json: { role: 'Admin' } });
    expect(await subjectsTo(buyer)).toHaveLength(1);
  });

  it('Verify mails the seller once', async () => {
    const seller = await t.newUser('Seller');
    expect(await (await t.as(admin).users.seller[':id'].$put({ param: { id: seller.id } })).json()).toEqual({
      modifiedCount: 1,
    });
    await t.as(admin).users.seller[':id'].$put({ param: { id: seller.id } });
    expect(await subjectsTo(seller)).toEqual([en.mailTexts.users.sellerVerified.subject]);
  });

  it('a refused change mails nobody, and nor does a change to someone who turned this mail off', async () => {
    const buyer = await t.newUser('Buyer');
    expect((await t.as(admin).users.seller[':id'].$put({ param: { id: buyer.id } })).status).toBe(409);
    const quiet = await t.newUser('Seller');
    await t.db.insert(mailOptOuts).values({ userId: quiet.id, kind: 'account' });
    expect((await t.as(admin).users.seller[':id'].$put({ param: { id: quiet.id } })).status).toBe(200);
    expect(await subjectsTo(buyer)).toEqual([]);
    expect(await subjectsTo(quiet)).toEqual([]);
  });
});
