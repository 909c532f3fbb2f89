import { useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { useAuthProviders } from './api/get-auth-providers.ts';

const popupErrors: Record<string, string> = {
  POPUP_CLOSED: texts.auth.popupClosed,
  POPUP_BLOCKED: texts.auth.popupBlocked,
  account_not_linked: texts.auth.accountNotLinked,
  ACCOUNT_CLOSED: texts.auth.accountClosed,
};

/**
 * The popup closes itself as soon as it has posted the sign-in back, and the poll for a closed popup can
 * notice before the message arrives. The session cookie is set by then, so the session tells.
 */
async function signedInAnyway(): Promise<boolean> {
  const session = await authClient.getSession();
  return Boolean(session.data?.user);
}

/** 'Continue with Google': the provider's sign-in runs in a popup; this window stays and is signed in after. */
export function SocialSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const providers = useAuthProviders();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [primary, ...others] = providers.data?.providers ?? [];
  const unavailable = providers.isSuccess && !primary;

  async function signIn(provider: string) {
    setBusy(true);
    setError(null);
    const { error } = await authClient.signIn.popup({ provider });
    const failed = error && !(error.code === 'POPUP_CLOSED' && (await signedInAnyway())) ? error : null;
    setBusy(false);
    if (failed) {
      setError(popupErrors[failed.code] ?? failed.message);
      return;
    }
    onSignedIn();
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn btn-outline w-full"
        disabled={!primary || busy}
        aria-describedby="social-sign-in-note"
        onClick={() => primary && signIn(primary.id)}
      >
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <GoogleMark />}
        {texts.auth.continueWithGoogle}
      </button>
      <p id="social-sign-in-note" className="text-center text-sm text-base-content/70">
        {unavailable
          ? texts.auth.noProvider
          : primary && primary.id !== 'google'
            ? texts.auth.signsInThrough({ provider: primary.name })
            : null}
      </p>
      {others.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className="btn btn-outline w-full"
          disabled={busy}
          onClick={() => signIn(provider.id)}
        >
          {texts.auth.continueWith({ provider: provider.name })}
        </button>
      ))}
      {error && (
        <p role="alert" className="text-center text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
