import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './uploads.handlers.ts';
import * as routes from './uploads.routes.ts';

export const uploadsRouter = createRouter().openapi(routes.upload, handlers.upload);
