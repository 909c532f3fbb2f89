import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { HandoverProblem } from '#shared/schemas/handover.ts';
import * as problems from './handover-problems.service.ts';
import type { routes } from './handovers.routes.ts';
import * as handovers from './handovers.service.ts';

export const enterHandoverCode: AppRouteHandler<typeof routes.enterHandoverCode> = async (c) => {
  const { code } = c.req.valid('json');
  return c.json(await handovers.enterHandoverCode(c.var.deps.db, c.req.valid('param').id, callerOf(c), code), 200);
};

export const reportHandoverProblem: AppRouteHandler<typeof routes.reportHandoverProblem> = async (c) => {
  const { deps } = c.var;
  const { id } = c.req.valid('param');
  const { reason } = c.req.valid('json');
  return c.json(await handovers.reportHandoverProblem(deps.db, id, callerOf(c), reason, deps.env.HANDOVER_PERIOD), 200);
};

export const listHandoverProblems: AppRouteHandler<typeof routes.listHandoverProblems> = async (c) => {
  const { deps } = c.var;
  const query = c.req.valid('query');
  return sendPrivateAnswer<HandoverProblem[]>(c, query, async () =>
    pageAnswer(await problems.listHandoverProblems(deps.db, deps.env.CURRENCY, query)),
  );
};

export const refundHandoverProblem: AppRouteHandler<typeof routes.refundHandoverProblem> = async (c) =>
  c.json(await problems.refundHandoverProblem(c.var.deps.db, c.req.valid('param').id), 200);

export const dismissHandoverProblem: AppRouteHandler<typeof routes.dismissHandoverProblem> = async (c) =>
  c.json(await problems.dismissHandoverProblem(c.var.deps.db, c.req.valid('param').id), 200);
