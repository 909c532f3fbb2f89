import { z } from '@hono/zod-openapi';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { imageUploadBody, imageUploadMiddleware } from './image-upload.ts';

/** The upload path under /api; the app's small JSON body limit skips it, this route sets its own. */
export const uploadPath = '/upload';

const uploadedSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ url: z.string(), thumbnail: z.string() }),
  })
  .openapi('UploadedImage');

export const upload = api.Uploads.post(uploadPath, {
  access: ['Seller', 'Admin'],
  middleware: [perUserRateLimit('upload', 'uploads'), ...imageUploadMiddleware()],
  operationId: 'uploadBookPhoto',
  summary: 'Upload a book photo (sellers and admins)',
  description:
    'The type is told by the content, not the name: JPEG, PNG, WebP or AVIF, at most 5 MB and 40 megapixels. ' +
    'The picture is re-encoded to WebP (long side at most 1600 px, metadata stripped) with a 400 px thumbnail. ' +
    'Uploads (book and profile photos together) count against the per-user limit ACTION_RATE_LIMIT: 429 beyond.',
  request: { body: imageUploadBody },
  responses: {
    201: jsonContent(uploadedSchema, 'The stored picture and its thumbnail'),
    ...errorResponses(413, 415, 429),
  },
});
