import type { AppRouteHandler } from '#server/http/openapi.ts';
import { storeImage } from './stored-image.ts';
import type * as routes from './uploads.routes.ts';

export const uploadBookPhoto: AppRouteHandler<typeof routes.uploadBookPhoto> = async (c) => {
  const { image } = c.req.valid('form');
  const stored = await storeImage(c.var.deps, Buffer.from(await image.arrayBuffer()));
  return c.json({ success: true as const, data: stored }, 201);
};
