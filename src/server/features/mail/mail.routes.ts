import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { optionalMailKinds } from '#server/mail/mail-templates.ts';

const tokenQuery = z.object({
  token: z
    .string()
    .min(1)
    .max(512)
    .openapi({ description: 'The token of the link in the email (the account and the kind of mail, signed)' }),
});
const preference = z.object({
  kind: z.enum(optionalMailKinds).openapi({ description: 'The kind of mail the link is about' }),
  subscribed: z.boolean(),
});

const description =
  'No session needed: the signed token in the link of an email says whose mail and which kind. Mail programs ' +
  'call it too (List-Unsubscribe-Post: List-Unsubscribe=One-Click, RFC 8058); any body is ignored.';

/** A call that turns one kind of mail off or on, by the token of a link in an email. */
const preferenceCall = <P extends string>(call: { path: P; operationId: string; summary: string; answer: string }) =>
  api.Mail.post(call.path, {
    access: 'anyone',
    operationId: call.operationId,
    summary: call.summary,
    description,
    request: { query: tokenQuery },
    responses: { 200: jsonContent(preference, call.answer), ...errorResponses(404) },
  });

export const unsubscribe = preferenceCall({
  path: '/mail/unsubscribe',
  operationId: 'unsubscribeFromMail',
  summary: 'Turn off one kind of mail (the unsubscribe link of an email)',
  answer: 'That kind of mail is off',
});

export const resubscribe = preferenceCall({
  path: '/mail/resubscribe',
  operationId: 'resubscribeToMail',
  summary: 'Turn one kind of mail on again',
  answer: 'That kind of mail is on',
});
