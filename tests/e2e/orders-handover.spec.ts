import { expect, type Page } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { expectReasonDialogByKeyboard } from './support/dialogs.ts';
import { test } from './support/order-fixtures.ts';
import { goodCard, payAndWaitOutHandoverPeriod, payWithCard, reportProblemThroughApi } from './support/orders.ts';

const t = en.handover;
const q = en.handoverProblems;

const orderRow = (page: Page, bookName: string) => page.getByTestId('order').filter({ hasText: bookName });

test.describe('the handover at the meetup', () => {
  test('the buyer pays and sees the code; the seller enters it in My Products; both see Handed over', async ({
    booked: { book, page, seller, bookingId },
  }) => {
    // Both people's pages and an axe check of the code dialog, in one test.
    test.setTimeout(60_000);
    await page.goto(`/dashboard/payment/${bookingId}`);
    await payWithCard(page, goodCard);
    await expect(page.getByText(en.payment.success)).toBeVisible();

    await page.goto('/dashboard/wishList');
    const order = orderRow(page, book.bookName);
    await expect(order.getByTestId('handover-state')).toHaveText(en.dashboard.paid);
    const code = (await order.getByTestId('handover-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await seller.setViewportSize({ width: 390, height: 844 });
    await seller.goto('/dashboard/myProducts');
    const item = seller.getByTestId('my-product').filter({ hasText: book.bookName });
    await expect(item.getByTestId('handover-state')).toHaveText(t.awaiting);
    await expect(item).not.toContainText(code);
    await item.getByRole('button', { name: `${t.enterCode}: ${book.bookName}` }).click();
    const dialog = seller.getByRole('dialog', { name: t.enterCodeFor({ book: book.bookName }) });
    const input = dialog.getByLabel(t.codeLabel);
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expectNoSeriousViolations(seller, 'the handover code dialog at 390 px');

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await input.fill(wrong);
    await input.press('Enter');
    await expect(dialog.getByText(t.wrongCode({ left: 4 }))).toBeVisible();
    await expect(input).toHaveValue(wrong);
    await input.fill(code);
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expect(seller.getByText(t.confirmed)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(item.getByTestId('handover-state')).toHaveText(t.handedOver);
    await expect(item.getByRole('button', { name: `${t.enterCode}: ${book.bookName}` })).toHaveCount(0);

    await page.reload();
    await expect(order.getByTestId('handover-state')).toHaveText(t.handedOver);
    await expect(order.getByTestId('handover-code')).toHaveCount(0);
  });
});

test.describe('a paid order that is not handed over', () => {
  // Each test books, pays, waits out the handover period and has two people act: triple the time a test may take.
  test.slow();

  test('once HANDOVER_PERIOD has passed the buyer reports a problem from My Orders; the order shows Problem reported', async ({
    booked: { book, page, bookingId },
    baseURL,
  }) => {
    await payAndWaitOutHandoverPeriod(page, baseURL!, bookingId);
    await page.goto('/dashboard/wishList');
    const order = orderRow(page, book.bookName);
    await expect(order.getByTestId('handover-state')).toHaveText(en.dashboard.paid);

    // The dialog, by keyboard (it opens with the focus in the reason, Escape closes it); a reason is required.
    const report = order.getByRole('button', { name: `${t.reportProblem}: ${book.bookName}` });
    const dialog = page.getByRole('dialog', { name: t.reportProblemFor({ book: book.bookName }) });
    const reason = dialog.getByLabel(t.reasonLabel);
    await expectReasonDialogByKeyboard(page, {
      opener: report,
      dialog,
      reason,
      send: t.send,
      required: t.reasonRequired,
    });

    await reason.fill('The seller did not come to the library');
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.reported)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(order.getByTestId('handover-state')).toHaveText(t.problemReported);
    await expect(order).toContainText(t.problemReportedNote);
    await expect(report).toHaveCount(0);

    // The server kept it: a reload shows the same, and a buyer reports once per order.
    await page.reload();
    await expect(order.getByTestId('handover-state')).toHaveText(t.problemReported);
    await expect(report).toHaveCount(0);
  });

  // An admin's two answers in Reported Items, and what the buyer's My Orders shows after each.
  const decisions = [
    {
      decision: q.refund,
      asksFirst: true,
      done: q.refunded,
      buyerSees: { state: en.orders.refunded, note: t.refundedNote },
    },
    {
      decision: q.dismiss,
      asksFirst: false,
      done: q.dismissed,
      buyerSees: { state: en.dashboard.paid, note: t.codeNote },
    },
  ];

  for (const { decision, asksFirst, done, buyerSees } of decisions) {
    test(`an admin answers a reported problem with ${decision}; it leaves the queue and the buyer sees ${buyerSees.state}`, async ({
      booked: { book, page, bookingId },
      browser,
      baseURL,
    }) => {
      const reason = `Nobody came (${decision})`;
      await payAndWaitOutHandoverPeriod(page, baseURL!, bookingId);
      await reportProblemThroughApi(page, baseURL!, bookingId, reason);

      const admin = await signedInPage(browser, baseURL!, demo.admin);
      await admin.goto('/dashboard/reportedItem');
      const problem = admin
        .getByRole('region', { name: q.title })
        .getByTestId('handover-problem')
        .filter({ hasText: book.bookName });
      await expect(problem).toContainText(reason);
      await problem.getByRole('button', { name: `${decision}: ${book.bookName}` }).click();
      if (asksFirst) {
        const confirm = admin.getByRole('dialog', { name: q.confirmRefund({ book: book.bookName }) });
        await confirm.getByRole('button', { name: en.dialog.cancel }).click();
        await expect(confirm).toBeHidden();
        await expect(problem).toBeVisible();
        await problem.getByRole('button', { name: `${decision}: ${book.bookName}` }).click();
        await confirm.getByRole('button', { name: decision, exact: true }).click();
        await expect(confirm).toBeHidden();
      }
      await expect(admin.getByText(done)).toBeVisible();
      await expect(problem).toHaveCount(0);
      await admin.context().close();

      await page.goto('/dashboard/wishList');
      const order = orderRow(page, book.bookName);
      await expect(order.getByText(buyerSees.state, { exact: true })).toBeVisible();
      await expect(order).toContainText(buyerSees.note);
      await expect(order.getByRole('button', { name: `${t.reportProblem}: ${book.bookName}` })).toHaveCount(0);
    });
  }
});
