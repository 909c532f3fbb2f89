import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { storeUpload } from './uploaded-pictures.ts';
import type { routes } from './uploads.routes.ts';

export const uploadBookPhoto: AppRouteHandler<typeof routes.uploadBookPhoto> = async (c) => {
  const { image } = c.req.valid('form');
  const stored = await storeUpload(c.var.deps, callerOf(c).id, Buffer.from(await image.arrayBuffer()));
  return c.json({ success: true as const, data: stored }, 201);
};
