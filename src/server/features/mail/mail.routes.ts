import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { optionalMailKinds } from '#server/mail/mail-message.ts';

const tokenQuery = z.object({
  token: z.string().min(1).max(512).openapi({
    description:
      "The token of the link in the email (the account, the kind of mail and the account's link version, signed)",
  }),
});

const preference = z.object({
  kind: z.enum(optionalMailKinds).openapi({ description: 'The kind of mail the link is about' }),
  subscribed: z.boolean(),
});

/** A call that turns one kind of mail off or on, by the token of a link in an email. */
const preferenceCall = <P extends string>(path: P, answer: string) =>
  api.Mail.post(path, 'anyone', {
    request: { query: tokenQuery },
    responses: { 200: jsonContent(preference, answer), ...errorResponses(404, 410) },
  });

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  unsubscribeFromMail: preferenceCall('/mail/unsubscribe', 'That kind of mail is off'),
  resubscribeToMail: preferenceCall('/mail/resubscribe', 'That kind of mail is on'),
  signOutOfMailLinks: api.Mail.post('/mail/links/sign-out', 'signed-in', {
    responses: {
      200: jsonContent(z.object({ signedOut: z.literal(true) }), 'The links of the mail sent so far no longer work'),
    },
  }),
};
