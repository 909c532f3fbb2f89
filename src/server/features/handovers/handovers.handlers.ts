import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { HandoverProblem } from '#shared/schemas/handover.ts';
import { dismissHandoverProblem, listHandoverProblems, refundHandoverProblem } from './handover-problems.service.ts';
import type * as routes from './handovers.routes.ts';
import { enterHandoverCode, reportHandoverProblem } from './handovers.service.ts';

export const enterCode: AppRouteHandler<typeof routes.enterCode> = async (c) => {
  const { code } = c.req.valid('json');
  return c.json(await enterHandoverCode(c.var.deps.db, c.req.valid('param').id, callerOf(c), code), 200);
};

export const reportProblem: AppRouteHandler<typeof routes.reportProblem> = async (c) => {
  const { deps } = c.var;
  const { id } = c.req.valid('param');
  const { reason } = c.req.valid('json');
  return c.json(await reportHandoverProblem(deps.db, id, callerOf(c), reason, deps.env.HANDOVER_PERIOD), 200);
};

export const listProblems: AppRouteHandler<typeof routes.listProblems> = async (c) => {
  const { deps } = c.var;
  const query = c.req.valid('query');
  return sendPrivateAnswer<HandoverProblem[]>(c, query, async () =>
    pageAnswer(await listHandoverProblems(deps.db, deps.env.CURRENCY, query)),
  );
};

export const refund: AppRouteHandler<typeof routes.refund> = async (c) =>
  c.json(await refundHandoverProblem(c.var.deps.db, c.req.valid('param').id), 200);

export const dismiss: AppRouteHandler<typeof routes.dismiss> = async (c) =>
  c.json(await dismissHandoverProblem(c.var.deps.db, c.req.valid('param').id), 200);
