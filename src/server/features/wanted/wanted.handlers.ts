import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { Notification, WantedEntry } from '#shared/schemas/wanted.ts';
import * as notificationsService from './notifications.service.ts';
import type { routes } from './wanted.routes.ts';
import * as wantedService from './wanted.service.ts';

export const listWanted: AppRouteHandler<typeof routes.listWanted> = async (c) => {
  const { db, env } = c.var.deps;
  const caller = callerOf(c);
  const query = c.req.valid('query');
  return sendPrivateAnswer<WantedEntry[]>(c, query, async () =>
    pageAnswer(await wantedService.listWanted(db, env.CURRENCY, caller.id, query)),
  );
};

export const addWanted: AppRouteHandler<typeof routes.addWanted> = async (c) => {
  const insertedId = await wantedService.addWanted(c.var.deps.db, callerOf(c).id, c.req.valid('json'));
  return c.json({ insertedId }, 201);
};

export const removeWanted: AppRouteHandler<typeof routes.removeWanted> = async (c) => {
  const deletedCount = await wantedService.removeWanted(c.var.deps.db, c.req.valid('param').id, callerOf(c).id);
  return c.json({ deletedCount }, 200);
};

export const listNotifications: AppRouteHandler<typeof routes.listNotifications> = async (c) => {
  const { db } = c.var.deps;
  const caller = callerOf(c);
  const query = c.req.valid('query');
  return sendPrivateAnswer<Notification[]>(c, query, async () =>
    pageAnswer(await notificationsService.listNotifications(db, caller.id, query)),
  );
};

export const countUnreadNotifications: AppRouteHandler<typeof routes.countUnreadNotifications> = async (c) => {
  const { db } = c.var.deps;
  const caller = callerOf(c);
  return sendPrivateAnswer<{ unread: number }>(c, null, async () => ({
    body: { unread: await notificationsService.countUnread(db, caller.id) },
  }));
};

export const markNotificationRead: AppRouteHandler<typeof routes.markNotificationRead> = async (c) => {
  const modifiedCount = await notificationsService.markRead(c.var.deps.db, c.req.valid('param').id, callerOf(c).id);
  return c.json({ modifiedCount }, 200);
};

export const markAllNotificationsRead: AppRouteHandler<typeof routes.markAllNotificationsRead> = async (c) => {
  const modifiedCount = await notificationsService.markAllRead(c.var.deps.db, callerOf(c).id);
  return c.json({ modifiedCount }, 200);
};
