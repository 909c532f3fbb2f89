import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageMessages } from '#shared/page-messages.ts';
import { FormError } from '#web/components/form-submit.tsx';
import { NoticeCard, PageCard } from '#web/components/page-card.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useAuthRequest } from './use-auth-request.ts';

const { recovery } = pageMessages;

/** Where the confirmation link of the sign-up mail leads (/email-confirmed, or ?error=… when it did not work). */
export function EmailConfirmedPage() {
  const failed = useSearchParams()[0].has('error');
  return failed ? (
    <ConfirmLinkFailed />
  ) : (
    <NoticeCard
      title={recovery.confirmedHeading}
      tone="success"
      text={recovery.confirmed}
      link={{ to: '/', label: recovery.goHome }}
    />
  );
}

/** The link did not work: a signed-in user may have it mailed again, anyone else is asked to log in first. */
function ConfirmLinkFailed() {
  const { user } = useCurrentUser();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const { serverError, send } = useAuthRequest();

  async function sendAgain(email: string) {
    setState('sending');
    const refused = await send(authClient.sendVerificationEmail({ email, callbackURL: '/email-confirmed' }));
    setState(refused ? 'idle' : 'sent');
  }

  return (
    <PageCard title={recovery.confirmedHeading}>
      <p role="alert" className="alert alert-warning alert-soft">
        {recovery.confirmLinkInvalid}
      </p>
      {state === 'sent' ? (
        <p role="status">{recovery.confirmSent}</p>
      ) : user ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={state === 'sending'}
          onClick={() => void sendAgain(user.email)}
        >
          {recovery.sendConfirmAgain}
        </button>
      ) : (
        <p>
          {recovery.confirmHint}{' '}
          <Link to="/login" className="link link-primary">
            {pageMessages.auth.login}
          </Link>
        </p>
      )}
      <FormError message={serverError} />
    </PageCard>
  );
}
