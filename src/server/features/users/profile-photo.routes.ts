import { userSchema } from '../../../shared/schemas/user.ts';
import type { AppDeps } from '../../context.ts';
import { callerOf, defineRoute } from '../../http/access.ts';
import { perUserRateLimit } from '../../http/action-rate-limit.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { imageUploadBody, imageUploadMiddleware } from '../uploads/image-upload.ts';
import { storeImage } from '../uploads/stored-image.ts';
import { updateProfile } from './users.service.ts';

/** The path under /api; the app's small JSON body limit skips it, this route sets its own. */
export const profilePhotoPath = '/users/me/photo';

const uploadPhoto = defineRoute({
  access: 'signed-in',
  middleware: [perUserRateLimit('upload', 'uploads'), ...imageUploadMiddleware()],
  method: 'post',
  path: profilePhotoPath,
  operationId: 'uploadProfilePhoto',
  tags: ['Account'],
  summary: "Upload one's profile photo",
  description:
    'Any signed-in user. JPEG, PNG, WebP or AVIF (told by the content), at most 5 MB; re-encoded to WebP ' +
    'with metadata stripped, like book photos, and counted with them against ACTION_RATE_LIMIT. The answer is the ' +
    'updated user.',
  request: { body: imageUploadBody },
  responses: { 200: jsonContent(userSchema, 'The updated user'), ...errorResponses(400, 401, 413, 415, 429) },
});

export function profilePhotoRoutes(deps: AppDeps) {
  return createRouter().openapi(uploadPhoto, async (c) => {
    const caller = callerOf(c);
    const { image } = c.req.valid('form');
    const stored = await storeImage(deps.storage, Buffer.from(await image.arrayBuffer()));
    return c.json(await updateProfile(deps.db, caller.id, { name: caller.name, image: stored.thumbnail }), 200);
  });
}
