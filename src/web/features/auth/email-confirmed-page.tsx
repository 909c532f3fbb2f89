import { Link, useSearchParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { NoticeCard, PageCard } from '#web/components/page-card.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { ResendConfirmation } from './resend-confirmation.tsx';

const { recovery } = texts;

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
  return (
    <PageCard title={recovery.confirmedHeading}>
      <p role="alert" className="alert alert-warning alert-soft">
        {recovery.confirmLinkInvalid}
      </p>
      {user ? (
        <ResendConfirmation email={user.email} />
      ) : (
        <p>
          {recovery.confirmHint}{' '}
          <Link to="/login" className="link link-primary">
            {texts.auth.login}
          </Link>
        </p>
      )}
    </PageCard>
  );
}
