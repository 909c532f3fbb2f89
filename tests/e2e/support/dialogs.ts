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
