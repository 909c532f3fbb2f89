import { expect, type Locator, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { expectDialogOpensAndEscapesByKeyboard } from './support/dialogs.ts';

const phone = { width: 390, height: 844 };

/** Presses Tab until the focus leaves `inside` (at most `limit` times). */
async function tabOutOf(page: Page, inside: Locator, limit = 10) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (!(await inside.evaluate((el) => el.contains(document.activeElement)))) return;
  }
  throw new Error(`the focus stayed inside after ${limit} presses of Tab`);
}

/** A dialog by its title and the names of its opener, first field and close button; `what` names it for axe. */
interface KeyboardDialog {
  what: string;
  title: string;
  opener: string;
  field: string;
  close: string;
}

/**
 * Enter on the (first) `opener` button opens the dialog with the focus on its `field`, and Escape closes it; open, it
 * passes axe, and Enter on its `close` button closes it too, giving the focus back to the opener.
 */
async function expectDialogByKeyboard(page: Page, d: KeyboardDialog) {
  const opener = page.getByRole('button', { name: d.opener }).first();
  const dialog = page.getByRole('dialog', { name: d.title });
  const focused = dialog.getByRole('textbox', { name: d.field });
  await expectDialogOpensAndEscapesByKeyboard(page, { opener, dialog, focused });

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, d.what);
  await dialog.getByRole('button', { name: d.close }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
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
    await expect(list.getByRole('link', { name: en.nav.home, exact: true })).toBeFocused();
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
    await list.getByRole('link', { name: en.nav.about, exact: true }).focus();
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
    const opener = page.getByRole('button', { name: en.dashboard.openMenu, exact: true });
    const drawer = page.getByRole('dialog', { name: en.dashboard.menuLabel });
    const menu = page.getByRole('navigation', { name: en.dashboard.menuLabel });
    const links = menu.getByRole('link');
    const close = page.getByRole('button', { name: en.dashboard.closeMenu });
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
    await menu.getByRole('link', { name: en.dashboard.myOrders }).focus();
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

    const dialogs: KeyboardDialog[] = [
      {
        what: 'the Book Now dialog on /categoryBooks/Fiction',
        title: en.booking.title,
        opener: `${en.book.bookNow}: `,
        field: en.booking.phone,
        close: en.booking.close,
      },
      {
        what: 'the report dialog on /categoryBooks/Fiction',
        title: `${en.book.reportThis}: `,
        opener: `${en.book.reportThis}: `,
        field: en.reports.reasonLabel,
        close: en.dialog.cancel,
      },
    ];
    for (const dialog of dialogs) await expectDialogByKeyboard(page, dialog);
    await page.context().close();
  });
});
