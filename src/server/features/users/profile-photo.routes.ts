import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { maxImageBytes } from '../../../shared/constants.ts';
import { userSchema } from '../../../shared/schemas/user.ts';
import { requireUser } from '../../auth/session.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { storeImage } from '../uploads/stored-image.ts';
import { updateProfile } from './users.service.ts';

/** The path under /api; the app's small JSON body limit skips it, this route sets its own. */
export const profilePhotoPath = '/users/me/photo';
const multipartOverhead = 256 * 1024;

const uploadPhoto = createRoute({
  method: 'post',
  path: profilePhotoPath,
  tags: ['Account'],
  summary: "Upload one's profile photo",
  description:
    'Any signed-in user. JPEG, PNG, WebP or AVIF (told by the content), at most 5 MB; re-encoded to WebP ' +
    'with metadata stripped, like book photos. The answer is the updated user.',
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
  responses: { 200: jsonContent(userSchema, 'The updated user'), ...errorResponses(400, 401, 413, 415) },
});

export function profilePhotoRoutes(deps: AppDeps) {
  const signedInMultipart = createMiddleware<AppEnv>(async (c, next) => {
    await requireUser(c, deps);
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

  return createRouter().openapi({ ...uploadPhoto, middleware: [signedInMultipart, limit] as const }, async (c) => {
    const caller = await requireUser(c, deps);
    const { image } = c.req.valid('form');
    const stored = await storeImage(deps.storage, Buffer.from(await image.arrayBuffer()));
    return c.json(await updateProfile(deps.db, caller.id, { name: caller.name, image: stored.thumbnail }), 200);
  });
}
