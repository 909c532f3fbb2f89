import { z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { AppError } from '#server/app-error.ts';
import type { AppEnv } from '#server/context.ts';
import { bodyLimit } from '#server/http/body-limit.ts';
import { maxImageBytes } from '#shared/constants.ts';

const multipartOverhead = 256 * 1024;

/** The request body of a picture upload (book photo or profile photo): one file in the multipart field "image". */
export const imageUploadBody = {
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
};

/**
 * The middleware of a picture upload route, after its access guard: multipart only, then the route's own body
 * limit (the app's small JSON limit skips these paths): 5 MB of picture plus the multipart framing.
 */
export function imageUploadMiddleware() {
  const multipartOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError('UNSUPPORTED_MEDIA', 'Send the picture as multipart/form-data in the field "image"');
    }
    await next();
  });
  const limit = bodyLimit({
    maxSize: maxImageBytes + multipartOverhead,
    onError: () => {
      throw new AppError('TOO_LARGE', 'the file is larger than 5 MB', { field: 'image' });
    },
  });
  return [multipartOnly, limit];
}
