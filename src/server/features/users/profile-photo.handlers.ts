import { storeUpload } from '#server/features/uploads/uploads.public.ts';
import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { maxProfilePhotoPixels } from '#shared/constants.ts';
import type { routes } from './profile-photo.routes.ts';
import { updateProfile } from './users.service.ts';

export const uploadProfilePhoto: AppRouteHandler<typeof routes.uploadProfilePhoto> = async (c) => {
  const { deps } = c.var;
  const caller = callerOf(c);
  const { image } = c.req.valid('form');
  const stored = await storeUpload(deps, caller.id, Buffer.from(await image.arrayBuffer()), {
    maxPixels: maxProfilePhotoPixels,
  });
  return c.json(await updateProfile(deps.db, caller.id, { name: caller.name, image: stored.thumbnail }), 200);
};
