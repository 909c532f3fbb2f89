import { z } from '@hono/zod-openapi';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { imageUploadBody, imageUploadMiddleware } from './image-upload.ts';
import { uploadCalls } from './uploads.rate-limits.ts';

/** The upload path under /api; the app's small JSON body limit skips it, this route sets its own. */
export const uploadPath = '/upload';

const uploadedSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ url: z.string(), thumbnail: z.string() }),
  })
  .openapi('UploadedImage');

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  uploadBookPhoto: api.Uploads.post(uploadPath, ['Seller', 'Admin'], {
    middleware: [perUserRateLimit(uploadCalls), ...imageUploadMiddleware()],
    request: { body: imageUploadBody },
    responses: {
      201: jsonContent(uploadedSchema, 'The stored picture and its thumbnail'),
      ...errorResponses(413, 415, 429, 503),
    },
  }),
};
