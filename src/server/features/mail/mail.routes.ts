import { z } from '@hono/zod-openapi';
import { defineRoute } from '#server/http/access.ts';
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

export const unsubscribe = defineRoute({
  access: 'anyone',
  method: 'post',
  path: '/mail/unsubscribe',
  operationId: 'unsubscribeFromMail',
  tags: ['Mail'],
  summary: 'Turn off one kind of mail (the unsubscribe link of an email)',
  description,
  request: { query: tokenQuery },
  responses: { 200: jsonContent(preference, 'That kind of mail is off'), ...errorResponses(400, 404) },
});

export const resubscribe = defineRoute({
  access: 'anyone',
  method: 'post',
  path: '/mail/resubscribe',
  operationId: 'resubscribeToMail',
  tags: ['Mail'],
  summary: 'Turn one kind of mail on again',
  description,
  request: { query: tokenQuery },
  responses: { 200: jsonContent(preference, 'That kind of mail is on'), ...errorResponses(400, 404) },
});
