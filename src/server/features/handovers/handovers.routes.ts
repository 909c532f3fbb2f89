import { api } from '#server/http/api-tags.ts';
import { modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { handoverCodeSchema, handoverProblemSchema, problemReportSchema } from '#shared/schemas/handover.ts';

const idParam = uuidParam('id', { message: 'id must be a uuid', description: "The order's id" });
const modified = jsonContent(modifiedCount, 'Done');

export const enterCode = api.Handovers.post('/handovers/{id}/code', {
  access: 'signed-in',
  operationId: 'enterHandoverCode',
  summary: "The seller enters the buyer's handover code at the meetup",
  description:
    'Only the seller of the paid order. The right code marks it Handed over and tells the buyer; a wrong one ' +
    'answers 400 with the tries left. After 5 wrong codes every further code for the order is refused (409).',
  request: { params: idParam, body: jsonBody(handoverCodeSchema) },
  responses: { 200: modified, ...errorResponses(403, 404, 409) },
});

export const reportProblem = api.Handovers.post('/handovers/{id}/problem', {
  access: 'signed-in',
  operationId: 'reportHandoverProblem',
  summary: 'The buyer reports that a paid order was not handed over',
  description:
    'Only the buyer, once per order, from HANDOVER_PERIOD (default 7 days) after the payment while the order is ' +
    "not handed over: it goes to the admins' queue and the seller is told.",
  request: { params: idParam, body: jsonBody(problemReportSchema) },
  responses: { 200: modified, ...errorResponses(403, 404, 409) },
});

export const listProblems = api.Handovers.get('/handoverProblems', {
  access: ['Admin'],
  operationId: 'listHandoverProblems',
  summary: 'Orders whose buyer reported a problem (admins)',
  ...pageOf(handoverProblemSchema, 'Reports awaiting a decision, oldest first', 'Reports in all'),
});

/** An admin's decision on an order whose buyer reported a problem: POST to the report's `action`. */
const decision = <A extends string>(action: A, operationId: string, summary: string, description: string) =>
  api.Handovers.post(`/handoverProblems/{id}/${action}` as const, {
    access: ['Admin'],
    operationId,
    summary,
    description,
    request: { params: idParam },
    responses: { 200: modified, ...errorResponses(404, 409) },
  });

export const refund = decision(
  'refund',
  'refundHandoverProblem',
  'Refund an order whose buyer reported a problem (admins)',
  'The payment becomes a refund made at the payment provider; the order shows Refunded, the listing is ' +
    'removed, and both sides are told. 409 when the order was handed over, refunded already, or has no open report.',
);

export const dismiss = decision(
  'dismiss',
  'dismissHandoverProblem',
  "Dismiss a buyer's problem report (admins)",
  'The order stays paid and awaits its handover; the buyer is told. A buyer reports once per order.',
);
