import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { createAccount, logIn } from './support/accounts.ts';

test('a user changes their display name and uploads a photo, which the navbar shows', async ({ page, request }) => {
  const account = await createAccount(request, 'Buyer', 'Profile Person');
  await logIn(page, account);
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { name: pageMessages.profile.heading })).toBeVisible();

  await page.getByLabel(pageMessages.profile.displayName).fill('Renamed Reader');
  await page.getByRole('button', { name: pageMessages.profile.save }).click();
  await expect(page.getByText(messages.toast.userSaved)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' })).toContainText('Renamed Reader');

  await page.getByLabel(pageMessages.profile.photoUrl).fill('http://insecure.example/me.png');
  await page.getByRole('button', { name: pageMessages.profile.save }).click();
  await expect(page.getByLabel(pageMessages.profile.photoUrl)).toHaveAccessibleDescription(
    pageMessages.profile.photoUrlInvalid,
  );

  const picture = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2a6f4e' } })
    .png()
    .toBuffer();
  await page.getByLabel(pageMessages.profile.uploadPhoto).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: picture,
  });
  await expect(page.getByLabel(pageMessages.profile.photoUrl)).toHaveValue(/^\/images\/.+\.webp$/);
  await expect(page.getByRole('link', { name: 'Your profile' }).locator('img')).toHaveAttribute(
    'src',
    /^\/images\/.+\.webp$/,
  );
});

test('a seller keeps a phone number and meeting place on her profile, and a new listing starts with them', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Seller', 'Meetup Seller');
  await logIn(page, account);
  await page.goto('/dashboard/profile');
  const m = pageMessages.profile;
  await page.getByLabel(m.meetupPhone).fill('call me');
  await page.getByRole('button', { name: m.saveMeetup }).click();
  await expect(page.getByLabel(m.meetupPhone)).toHaveAccessibleDescription(pageMessages.addBook.phoneInvalid);
  await page.getByLabel(m.meetupPhone).fill('+1 415 555 0123');
  await page.getByLabel(m.meetupPlace).fill('Riverside market, north gate');
  await page.getByRole('button', { name: m.saveMeetup }).click();
  await expect(page.getByText(m.meetupSaved)).toBeVisible();

  await page.goto('/dashboard/addsell');
  await expect(page.getByLabel(pageMessages.addBook.labels.phone)).toHaveValue('+1 415 555 0123');
  await expect(page.getByLabel(pageMessages.addBook.labels.location)).toHaveValue('Riverside market, north gate');
});
