import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { texts } from '#shared/i18n/texts.ts';
import type { MeetupDetails, Profile } from '#shared/schemas/user.ts';
import { TextField } from '#web/components/form-field.tsx';
import { SubmitButton } from '#web/components/form-submit.tsx';
import { MutationButton } from '#web/components/mutation-button.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { authClient, refreshSession } from '#web/lib/auth-client.ts';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { type CurrentUser, useCurrentUser } from '#web/lib/use-current-user.ts';
import { meetupDetailsQueryOptions, useMeetupDetails } from './api/get-meetup-details.ts';

const m = texts.profile;
const { mail } = texts;

const resolver = lazyZodResolver(() => import('#shared/schemas/user.ts').then((schemas) => schemas.profileSchema));
const meetupResolver = lazyZodResolver(() =>
  import('#shared/schemas/user.ts').then((schemas) => schemas.meetupDetailsSchema),
);

/** The signed-in user's own display name and photo, and the links in the mail they got. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <section className="max-w-xl space-y-4">
      <h1 className="text-3xl font-bold">{m.heading}</h1>
      {!user.emailVerified && <ConfirmEmailNotice email={user.email} />}
      <ProfileForm user={user} />
      <MeetupForm />
      <MailLinks />
    </section>
  );
}

/** An unconfirmed address: say so, and mail the confirmation link again on request. */
function ConfirmEmailNotice({ email }: { email: string }) {
  const send = useMutation({
    mutationFn: async () => {
      const { error } = await authClient.sendVerificationEmail({ email, callbackURL: '/email-confirmed' });
      if (error) throw new Error(error.message ?? texts.auth.failed);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <div role="status" className="alert alert-warning alert-soft flex flex-wrap">
      <span>{send.isSuccess ? texts.recovery.confirmSent : texts.recovery.notConfirmed({ email })}</span>
      {!send.isSuccess && (
        <button type="button" className="btn btn-sm" disabled={send.isPending} onClick={() => send.mutate()}>
          {texts.recovery.sendConfirmAgain}
        </button>
      )}
    </div>
  );
}

/** The phone number and meeting place new listings start with; saved on their own. */
function MeetupForm() {
  const details = useMeetupDetails();
  if (details.isPending) return <Spinner />;
  return <MeetupFields saved={details.data ?? { phone: '', location: '' }} />;
}

function MeetupFields({ saved }: { saved: MeetupDetails }) {
  const queryClient = useQueryClient();
  const form = useForm<MeetupDetails>({ resolver: meetupResolver, defaultValues: saved });
  const save = useMutation({
    mutationFn: (details: MeetupDetails) => unwrap(api.users.me.meetup.$put({ json: details })),
    onSuccess: (kept) => {
      queryClient.setQueryData(meetupDetailsQueryOptions().queryKey, kept);
      toast.success(m.meetupSaved);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <form
      noValidate
      aria-labelledby="meetup-details"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="space-y-2 border-t border-base-300 pt-4"
    >
      <h2 id="meetup-details" className="text-xl font-semibold">
        {m.meetupHeading}
      </h2>
      <p className="text-base-content/70">{m.meetupExplained}</p>
      <TextField id="meetup-phone" label={m.meetupPhone} {...fieldProps(form, 'phone')} type="tel" autoComplete="tel" />
      <TextField id="meetup-place" label={m.meetupPlace} {...fieldProps(form, 'location')} />
      <SubmitButton busy={save.isPending}>{m.saveMeetup}</SubmitButton>
    </form>
  );
}

/** Sign out of the unsubscribe links of every email sent so far (a forwarded email, a shared mailbox). */
function MailLinks() {
  const signOut = useMutation({
    mutationFn: () => unwrap(api.mail.links['sign-out'].$post()),
    onError: (error) => toast.error(error.message),
  });
  return (
    <section aria-labelledby="mail-links" className="space-y-2 border-t border-base-300 pt-4">
      <h2 id="mail-links" className="text-xl font-semibold">
        {mail.links}
      </h2>
      <p className="text-base-content/70">{mail.linksExplained}</p>
      {signOut.isSuccess ? (
        <p role="status" className="alert alert-success alert-soft">
          {mail.linksSignedOut}
        </p>
      ) : (
        <MutationButton mutation={signOut} variables={undefined}>
          {mail.signOutLinks}
        </MutationButton>
      )}
    </section>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const form = useForm<Profile>({
    resolver,
    defaultValues: { displayName: user.displayName, photoURL: user.photoURL ?? '' },
  });
  const save = useMutation({
    mutationFn: (profile: Profile) => unwrap(api.users.me.$put({ json: profile })),
    onSuccess: () => {
      toast.success(texts.toast.userSaved);
      refreshSession();
    },
    onError: (error) => toast.error(error.message),
  });
  const upload = useMutation({
    mutationFn: (image: File) => unwrap(api.users.me.photo.$post({ form: { image } })),
    onSuccess: (saved) => {
      form.setValue('photoURL', saved.photoURL ?? '', { shouldValidate: true });
      toast.success(texts.toast.userSaved);
      refreshSession();
    },
    onError: (error) => toast.error(error.message),
  });
  const photo = form.watch('photoURL');

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-2">
      <p className="text-base-content/70">{user.email}</p>
      <TextField id="profile-name" label={m.displayName} {...fieldProps(form, 'displayName')} autoComplete="name" />
      <TextField
        id="profile-photo"
        label={m.photoUrl}
        {...fieldProps(form, 'photoURL')}
        type="url"
        inputMode="url"
        placeholder="https://"
      />
      <div className="fieldset">
        <label htmlFor="profile-upload" className="fieldset-legend">
          {m.uploadPhoto}
        </label>
        <input
          id="profile-upload"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="file-input w-full"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
        {upload.isPending && <p className="text-sm">{m.uploading}</p>}
      </div>
      {photo && !form.formState.errors.photoURL && (
        <img src={photo} alt={m.photoPreview} width={96} height={96} className="size-24 rounded-full object-cover" />
      )}
      <SubmitButton busy={save.isPending} className="mt-4">
        {m.save}
      </SubmitButton>
    </form>
  );
}
