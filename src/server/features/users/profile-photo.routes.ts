import { imageUploadBody, imageUploadMiddleware } from '#server/features/uploads/image-upload.ts';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { userSchema } from '#shared/schemas/user.ts';

/** The path under /api; the app's small JSON body limit skips it, this route sets its own. */
export const profilePhotoPath = '/users/me/photo';

export const uploadPhoto = api.Account.post(profilePhotoPath, {
  access: 'signed-in',
  middleware: [perUserRateLimit('upload', 'uploads'), ...imageUploadMiddleware()],
  operationId: 'uploadProfilePhoto',
  summary: "Upload one's profile photo",
  description:
    'Any signed-in user. JPEG, PNG, WebP or AVIF (told by the content), at most 5 MB; re-encoded to WebP ' +
    'with metadata stripped, like book photos, and counted with them against ACTION_RATE_LIMIT. The answer is the ' +
    'updated user.',
  request: { body: imageUploadBody },
  responses: { 200: jsonContent(userSchema, 'The updated user'), ...errorResponses(413, 415, 429) },
});
