import { expect } from '@playwright/test';
import { pageMessages } from '#shared/page-messages.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { test } from './support/order-fixtures.ts';
import { goodCard, payWithCard } from './support/orders.ts';

const t = pageMessages.handover;

test.describe('the handover at the meetup', () => {
  test('the buyer pays and sees the code; the seller enters it in My Products; both see Handed over', async ({
    booked: { book, page, seller, bookingId },
  }) => {
    await page.goto(`/dashboard/payment/${bookingId}`);
    await payWithCard(page, goodCard);
    await expect(page.getByText(pageMessages.payment.success)).toBeVisible();

    await page.goto('/dashboard/wishList');
    const order = page.getByTestId('order').filter({ hasText: book.bookName });
    await expect(order.getByTestId('handover-state')).toHaveText(pageMessages.dashboard.paid);
    const code = (await order.getByTestId('handover-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await seller.setViewportSize({ width: 390, height: 844 });
    await seller.goto('/dashboard/myProducts');
    const item = seller.getByTestId('my-product').filter({ hasText: book.bookName });
    await expect(item.getByTestId('handover-state')).toHaveText(t.awaiting);
    await expect(item).not.toContainText(code);
    await item.getByRole('button', { name: `${t.enterCode}: ${book.bookName}` }).click();
    const dialog = seller.getByRole('dialog', { name: t.enterCodeFor(book.bookName) });
    const input = dialog.getByLabel(t.codeLabel);
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expectNoSeriousViolations(seller, 'the handover code dialog at 390 px');

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await input.fill(wrong);
    await input.press('Enter');
    await expect(dialog.getByText(t.wrongCode(4))).toBeVisible();
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
