import { imageUploadBody, imageUploadMiddleware, uploadCalls } from '#server/features/uploads/uploads.public.ts';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { userSchema } from '#shared/schemas/user.ts';

/** The path under /api; the app's small JSON body limit skips it, this route sets its own. */
export const profilePhotoPath = '/users/me/photo';

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  uploadProfilePhoto: api.Account.post(profilePhotoPath, 'signed-in', {
    middleware: [perUserRateLimit(uploadCalls), ...imageUploadMiddleware()],
    request: { body: imageUploadBody },
    responses: { 200: jsonContent(userSchema, 'The updated user'), ...errorResponses(413, 415, 429, 503) },
  }),
};
