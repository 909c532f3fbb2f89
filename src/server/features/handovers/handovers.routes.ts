import { api } from '#server/http/api-tags.ts';
import { modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateChange } from '#server/http/state-calls.ts';
import { handoverCodeSchema, handoverProblemSchema, problemReportSchema } from '#shared/schemas/handover.ts';

const idParam = uuidParam('id', { message: 'id must be a uuid', description: "The order's id" });

const modified = jsonContent(modifiedCount, 'Done');

/** An admin's decision on an order whose buyer reported a problem: POST to the report's `action`. */
const decision = <A extends string>(action: A) =>
  api.Handovers.post(`/handoverProblems/{id}/${action}` as const, ['Admin'], {
    ...stateChange(idParam, modifiedCount, 'Done'),
  });

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  enterHandoverCode: api.Handovers.post('/handovers/{id}/code', 'signed-in', {
    request: { params: idParam, body: jsonBody(handoverCodeSchema) },
    responses: { 200: modified, ...errorResponses(403, 404, 409) },
  }),
  reportHandoverProblem: api.Handovers.post('/handovers/{id}/problem', 'signed-in', {
    request: { params: idParam, body: jsonBody(problemReportSchema) },
    responses: { 200: modified, ...errorResponses(403, 404, 409) },
  }),
  listHandoverProblems: api.Handovers.get('/handoverProblems', ['Admin'], {
    ...pageOf(handoverProblemSchema, 'Reports awaiting a decision, oldest first', 'Reports in all'),
  }),
  refundHandoverProblem: decision('refund'),
  dismissHandoverProblem: decision('dismiss'),
};
