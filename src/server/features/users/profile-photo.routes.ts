import { createRoute } from '@hono/zod-openapi';
import { userSchema } from '../../../shared/schemas/user.ts';
import { requireUser } from '../../auth/session.ts';
import type { AppDeps } from '../../context.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { imageUploadBody, imageUploadMiddleware } from '../uploads/image-upload.ts';
import { storeImage } from '../uploads/stored-image.ts';
import { updateProfile } from './users.service.ts';

/** The path under /api; the app's small JSON body limit skips it, this route sets its own. */
export const profilePhotoPath = '/users/me/photo';

const uploadPhoto = createRoute({
  method: 'post',
  path: profilePhotoPath,
  tags: ['Account'],
  summary: "Upload one's profile photo",
  description:
    'Any signed-in user. JPEG, PNG, WebP or AVIF (told by the content), at most 5 MB; re-encoded to WebP ' +
    'with metadata stripped, like book photos. The answer is the updated user.',
  request: { body: imageUploadBody },
  responses: { 200: jsonContent(userSchema, 'The updated user'), ...errorResponses(400, 401, 413, 415) },
});

export function profilePhotoRoutes(deps: AppDeps) {
  return createRouter().openapi(
    { ...uploadPhoto, middleware: imageUploadMiddleware((c) => requireUser(c, deps)) },
    async (c) => {
      const caller = await requireUser(c, deps);
      const { image } = c.req.valid('form');
      const stored = await storeImage(deps.storage, Buffer.from(await image.arrayBuffer()));
      return c.json(await updateProfile(deps.db, caller.id, { name: caller.name, image: stored.thumbnail }), 200);
    },
  );
}
