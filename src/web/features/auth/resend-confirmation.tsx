import { useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import { FormError } from '#web/components/form-submit.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { useAuthRequest } from './use-auth-request.ts';

const { recovery } = texts;

/** "Email me a new link" for an address not confirmed yet; says when the link is on its way, or why it is not. */
export function ResendConfirmation({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const { serverError, send } = useAuthRequest();

  async function sendAgain() {
    setState('sending');
    const refused = await send(authClient.sendVerificationEmail({ email, callbackURL: '/email-confirmed' }));
    setState(refused ? 'idle' : 'sent');
  }

  return (
    <>
      {state === 'sent' ? (
        <p role="status">{recovery.confirmSent}</p>
      ) : (
        <button
          type="button"
          className="btn btn-outline"
          disabled={state === 'sending'}
          onClick={() => void sendAgain()}
        >
          {recovery.sendConfirmAgain}
        </button>
      )}
      <FormError message={serverError} />
    </>
  );
}
