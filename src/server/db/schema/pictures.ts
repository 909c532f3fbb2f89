import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ownerId } from './columns.ts';

/**
 * Who uploaded each stored picture (`storeImage`'s full-size URL; its thumbnail goes with it): a listing may only
 * use its own seller's pictures. Written with the upload (a book photo, a profile photo, a suggested cover taken);
 * the row goes when the cleanup deletes the picture.
 */
export const uploadedPictures = pgTable('uploaded_pictures', {
  url: text('url').primaryKey(),
  uploaderId: ownerId('uploader_id'),
  createdAt: createdAt(),
});
