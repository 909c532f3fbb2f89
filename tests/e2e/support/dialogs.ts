import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A modal dialog by keyboard, as the WAI-ARIA Authoring Practices describe it: Enter on `opener` opens `dialog` with
 * the focus on `focused`; Escape closes it and gives the focus back to `opener`.
 */
export async function expectDialogOpensAndEscapesByKeyboard(
  page: Page,
  d: { opener: Locator; dialog: Locator; focused: Locator },
) {
  await d.opener.focus();
  await page.keyboard.press('Enter');
  await expect(d.dialog).toBeVisible();
  await expect(d.focused).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(d.dialog).toBeHidden();
  await expect(d.opener).toBeFocused();
}

/**
 * A dialog that asks for a required reason, by keyboard: it opens and escapes as above, Enter opens it again with the
 * focus in `reason`, and sending it empty (the button `send`) shows `required`, marks the field invalid and keeps
 * the dialog open.
 */
export async function expectReasonDialogByKeyboard(
  page: Page,
  d: { opener: Locator; dialog: Locator; reason: Locator; send: string; required: string },
) {
  await expectDialogOpensAndEscapesByKeyboard(page, { opener: d.opener, dialog: d.dialog, focused: d.reason });
  await page.keyboard.press('Enter');
  await expect(d.reason).toBeFocused();
  await d.dialog.getByRole('button', { name: d.send }).click();
  await expect(d.dialog.getByText(d.required)).toBeVisible();
  await expect(d.reason).toHaveAttribute('aria-invalid', 'true');
  await expect(d.dialog).toBeVisible();
}
