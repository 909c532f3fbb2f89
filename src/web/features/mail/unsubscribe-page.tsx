import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { MutationButton } from '#web/components/mutation-button.tsx';
import { PageCard } from '#web/components/page-card.tsx';
import { ApiError, api, unwrap } from '#web/lib/api.ts';

const { mail } = texts;
type Kind = keyof typeof mail.kinds;

/** The kind of mail a token is about (its middle part; the server checks the whole token). */
function kindOf(token: string): Kind | null {
  const kind = token.split('.')[1];
  return kind && kind in mail.kinds ? (kind as Kind) : null;
}

/** Where an email's unsubscribe link leads (/unsubscribe?token=…): stop that kind of mail, or have it back. */
export function UnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const kind = kindOf(token);
  const change = useMutation({
    mutationFn: (subscribed: boolean) =>
      unwrap(
        subscribed
          ? api.mail.resubscribe.$post({ query: { token } })
          : api.mail.unsubscribe.$post({ query: { token } }),
      ),
  });

  if (!kind || change.isError) {
    // A link signed out of says so; any other refusal is a link that is not valid.
    const signedOut = change.error instanceof ApiError && change.error.code === 'LINK_SIGNED_OUT';
    return (
      <PageCard title={mail.heading}>
        <p role="alert" className="alert alert-warning alert-soft">
          {signedOut ? mail.linkSignedOut : mail.linkInvalid}
        </p>
      </PageCard>
    );
  }
  const what = mail.kinds[kind];
  const done = change.data;
  return (
    <PageCard title={mail.heading}>
      {done ? (
        <p role="status" className="alert alert-success alert-soft">
          {done.subscribed ? mail.resumed({ what }) : mail.stopped({ what })}
        </p>
      ) : (
        <p>{mail.question({ what })}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {!done && (
          <MutationButton mutation={change} variables={false} className="btn-primary">
            {mail.stop}
          </MutationButton>
        )}
        {done && !done.subscribed && (
          <MutationButton mutation={change} variables={true}>
            {mail.resume}
          </MutationButton>
        )}
        <Link to="/" className="btn btn-ghost">
          {texts.recovery.goHome}
        </Link>
      </div>
    </PageCard>
  );
}
