import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import * as drafts from './drafts.service.ts';
import type { routes } from './shelf.routes.ts';
import * as imports from './shelf-imports.service.ts';

export const startShelfImport: AppRouteHandler<typeof routes.startShelfImport> = async (c) => {
  return c.json(await imports.startShelfImport(c.var.deps.db, callerOf(c), c.req.valid('json')), 202);
};

export const getShelfImport: AppRouteHandler<typeof routes.getShelfImport> = async (c) => {
  return c.json(await imports.getShelfImport(c.var.deps.db, callerOf(c), c.req.valid('param').id), 200);
};

export const listShelfImportLines: AppRouteHandler<typeof routes.listShelfImportLines> = async (c) => {
  const page = await imports.listShelfImportLines(
    c.var.deps.db,
    callerOf(c),
    c.req.valid('param').id,
    c.req.valid('query'),
  );
  const { body, headers } = pageAnswer(page);
  return c.json(body, 200, headers);
};

export const listDrafts: AppRouteHandler<typeof routes.listDrafts> = async (c) => {
  const { body, headers } = pageAnswer(
    await drafts.listDrafts(c.var.deps.db, c.var.deps.env.CURRENCY, callerOf(c), c.req.valid('query')),
  );
  return c.json(body, 200, headers);
};

export const publishDrafts: AppRouteHandler<typeof routes.publishDrafts> = async (c) => {
  const { deps } = c.var;
  const listing = { storage: deps.storage, currency: deps.env.CURRENCY, listingLimit: deps.env.LISTING_LIMIT };
  return c.json(await drafts.publishDrafts(deps.db, listing, callerOf(c), c.req.valid('json').ids), 201);
};

export const updateDraft: AppRouteHandler<typeof routes.updateDraft> = async (c) => {
  const { deps } = c.var;
  const { id } = c.req.valid('param');
  return c.json(
    await drafts.updateDraft(
      deps.db,
      { storage: deps.storage, currency: deps.env.CURRENCY },
      callerOf(c),
      id,
      c.req.valid('json'),
    ),
    200,
  );
};

export const discardDraft: AppRouteHandler<typeof routes.discardDraft> = async (c) => {
  const deletedCount = await drafts.discardDraft(c.var.deps.db, callerOf(c), c.req.valid('param').id);
  return c.json({ deletedCount }, 200);
};
