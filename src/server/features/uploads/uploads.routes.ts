import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { Role } from '../../../shared/constants.ts';
import { maxImageBytes } from '../../../shared/constants.ts';
import { requireRole } from '../../auth/session.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { storeImage } from './stored-image.ts';

/** The upload path under /api; the app's small JSON body limit skips it, this route sets its own. */
export const uploadPath = '/upload';
const multipartOverhead = 256 * 1024;
const uploaderRoles: Role[] = ['Seller', 'Admin'];

const uploadedSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ url: z.string(), thumbnail: z.string() }),
  })
  .openapi('UploadedImage');

const upload = createRoute({
  method: 'post',
  path: uploadPath,
  tags: ['Uploads'],
  summary: 'Upload a book photo (sellers and admins)',
  description:
    'The type is told by the content, not the name: JPEG, PNG, WebP or AVIF, at most 5 MB and 40 megapixels. ' +
    'The picture is re-encoded to WebP (long side at most 1600 px, metadata stripped) with a 400 px thumbnail.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            image: z
              .instanceof(File, { error: 'choose a picture file to upload' })
              .openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: {
    201: jsonContent(uploadedSchema, 'The stored picture and its thumbnail'),
    ...errorResponses(400, 401, 403, 413, 415),
  },
});

export function uploadsRoutes(deps: AppDeps) {
  const uploader = createMiddleware<AppEnv>(async (c, next) => {
    await requireRole(c, deps, ...uploaderRoles);
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError('UNSUPPORTED_MEDIA', 'Send the picture as multipart/form-data in the field "image"');
    }
    await next();
  });
  const limit = bodyLimit({
    maxSize: maxImageBytes + multipartOverhead,
    onError: () => {
      throw new AppError('TOO_LARGE', 'image: the file is larger than 5 MB');
    },
  });

  return createRouter().openapi({ ...upload, middleware: [uploader, limit] as const }, async (c) => {
    const { image } = c.req.valid('form');
    const stored = await storeImage(deps.storage, Buffer.from(await image.arrayBuffer()));
    return c.json({ success: true as const, data: stored }, 201);
  });
}
