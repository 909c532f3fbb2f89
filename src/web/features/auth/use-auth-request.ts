import { useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';

/** What the auth client answers: the service's refusal, or null when it did what was asked. */
interface AuthAnswer {
  error: { code?: string; message?: string } | null;
}

/**
 * A request to the auth service from a form: `send` waits for the answer and gives back the refusal (null when the
 * request went through); the refusal's message is `serverError` until the next request is sent.
 */
export function useAuthRequest() {
  const [serverError, setServerError] = useState<string | null>(null);
  async function send(request: Promise<AuthAnswer>) {
    setServerError(null);
    const { error } = await request;
    if (error) setServerError(error.message ?? texts.auth.failed);
    return error;
  }
  return { serverError, send };
}
