import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { en } from '#shared/i18n/english.ts';
import { createAccount, logIn } from './support/accounts.ts';

test('a user changes their display name and uploads a photo, which the navbar shows', async ({ page, request }) => {
  const account = await createAccount(request, 'Buyer', 'Profile Person');
  await logIn(page, account);
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { name: en.profile.heading })).toBeVisible();

  await page.getByLabel(en.profile.displayName).fill('Renamed Reader');
  await page.getByRole('button', { name: en.profile.save }).click();
  await expect(page.getByText(en.toast.userSaved)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' })).toContainText('Renamed Reader');

  await page.getByLabel(en.profile.photoUrl).fill('http://insecure.example/me.png');
  await page.getByRole('button', { name: en.profile.save }).click();
  await expect(page.getByLabel(en.profile.photoUrl)).toHaveAccessibleDescription(en.profile.photoUrlInvalid);

  const picture = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2a6f4e' } })
    .png()
    .toBuffer();
  await page.getByLabel(en.profile.uploadPhoto).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: picture,
  });
  await expect(page.getByLabel(en.profile.photoUrl)).toHaveValue(/^\/images\/.+\.webp$/);
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
  const m = en.profile;
  await page.getByLabel(m.meetupPhone).fill('call me');
  await page.getByRole('button', { name: m.saveMeetup }).click();
  await expect(page.getByLabel(m.meetupPhone)).toHaveAccessibleDescription(en.addBook.phoneInvalid);
  await page.getByLabel(m.meetupPhone).fill('+1 415 555 0123');
  await page.getByLabel(m.meetupPlace).fill('Riverside market, north gate');
  await page.getByRole('button', { name: m.saveMeetup }).click();
  await expect(page.getByText(m.meetupSaved)).toBeVisible();

  await page.goto('/dashboard/addsell');
  await expect(page.getByLabel(en.addBook.labels.phone)).toHaveValue('+1 415 555 0123');
  await expect(page.getByLabel(en.addBook.labels.location)).toHaveValue('Riverside market, north gate');
});
