import { expect, type Locator, type Page, test } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

const phone = { width: 390, height: 844 };

/** Presses Tab until the focus leaves `inside` (at most `limit` times). */
async function tabOutOf(page: Page, inside: Locator, limit = 10) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (!(await inside.evaluate((el) => el.contains(document.activeElement)))) return;
  }
  throw new Error(`the focus stayed inside after ${limit} presses of Tab`);
}

/**
 * Enter on `opener` opens `dialog` with the focus on `focused`, and it passes axe; Escape closes it, and so does Enter
 * on its `close` button, each time giving the focus back to `opener`.
 */
async function expectDialogByKeyboard(
  page: Page,
  d: { opener: Locator; dialog: Locator; focused: Locator; close: Locator; name: string },
) {
  await d.opener.focus();
  await page.keyboard.press('Enter');
  await expect(d.dialog).toBeVisible();
  await expect(d.focused).toBeFocused();
  await expectNoSeriousViolations(page, d.name);
  await page.keyboard.press('Escape');
  await expect(d.dialog).toBeHidden();
  await expect(d.opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(d.dialog).toBeVisible();
  await d.close.focus();
  await page.keyboard.press('Enter');
  await expect(d.dialog).toBeHidden();
  await expect(d.opener).toBeFocused();
}

// The menus and dialogs behave as the WAI-ARIA Authoring Practices describe: they open from the keyboard, the focus
// goes where it should, Escape closes them and the focus comes back to what opened them; open, they pass axe too.
test.describe('menus and dialogs work by keyboard', () => {
  test.describe.configure({ mode: 'parallel' });

  test('on a phone the site menu is a disclosure: Enter opens it, Escape, tabbing out or a choice closes it', async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto('/blogs');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    const list = page.getByRole('navigation', { name: 'Main' }).getByRole('list');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    await expectNoSeriousViolations(page, 'the open phone menu on /blogs');
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: messages.nav.home, exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(list).toBeVisible();
    await tabOutOf(page, page.getByRole('navigation', { name: 'Main' }));
    await expect(list).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    await list.getByRole('link', { name: messages.nav.about, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('on a phone the dashboard menu is a modal drawer: the focus moves in and stays, Escape closes it', async ({
    browser,
    baseURL,
  }) => {
    const page = await signedInPage(browser, baseURL!, demo.buyer);
    await page.setViewportSize(phone);
    await page.goto('/dashboard/profile');
    const opener = page.getByRole('button', { name: pageMessages.dashboard.openMenu, exact: true });
    const drawer = page.getByRole('dialog', { name: pageMessages.dashboard.menuLabel });
    const menu = page.getByRole('navigation', { name: pageMessages.dashboard.menuLabel });
    const links = menu.getByRole('link');
    const close = page.getByRole('button', { name: pageMessages.dashboard.closeMenu });
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).not.toBeInViewport();

    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await expect(links.first()).toBeFocused();
    await expect(menu).toBeInViewport();
    await expectNoSeriousViolations(page, 'the open dashboard drawer on /dashboard/profile');

    // Tab and Shift+Tab go round the drawer's controls: the close button, then the links.
    await links.last().focus();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(links.last()).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).not.toBeInViewport();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: pageMessages.dashboard.myOrders }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/wishList$/);
    await expect(drawer).toBeHidden();
    await expect(menu).not.toBeInViewport();
    await expect(opener).toBeFocused();
    await page.context().close();
  });

  test('the Book Now and report dialogs take the focus, close on Escape and give it back', async ({
    browser,
    baseURL,
  }) => {
    const page = await signedInPage(browser, baseURL!, demo.buyer);
    await page.goto('/categoryBooks/Fiction');

    const booking = page.getByRole('dialog', { name: pageMessages.booking.title });
    await expectDialogByKeyboard(page, {
      opener: page.getByRole('button', { name: `${messages.book.bookNow}: ` }).first(),
      dialog: booking,
      focused: booking.getByRole('textbox', { name: pageMessages.booking.phone }),
      close: booking.getByRole('button', { name: pageMessages.booking.close }),
      name: 'the Book Now dialog on /categoryBooks/Fiction',
    });

    const reporting = page.getByRole('dialog', { name: `${messages.book.reportThis}: ` });
    await expectDialogByKeyboard(page, {
      opener: page.getByRole('button', { name: `${messages.book.reportThis}: ` }).first(),
      dialog: reporting,
      focused: reporting.getByRole('textbox', { name: pageMessages.reports.reasonLabel }),
      close: reporting.getByRole('button', { name: messages.dialog.cancel }),
      name: 'the report dialog on /categoryBooks/Fiction',
    });
    await page.context().close();
  });
});
