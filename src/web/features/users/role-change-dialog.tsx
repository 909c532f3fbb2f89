import { texts } from '#shared/i18n/texts.ts';
import type { ListedUser } from '#shared/schemas/user.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';

const m = texts.users;

/** A change of someone's role an admin is about to make: making them an admin, or taking the role back. */
export interface RoleChange {
  kind: 'makeAdmin' | 'revokeAdmin';
  user: ListedUser;
}

function Said({ heading, items }: { heading: string; items: readonly string[] }) {
  return (
    <div>
      <h3 className="font-semibold">{heading}</h3>
      <ul className="list-disc space-y-1 ps-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** Asks before a role changes, saying what the person gains, loses and keeps (roles are capabilities). */
export function RoleChangeDialog({
  change,
  busy,
  onConfirm,
  onCancel,
}: {
  change: RoleChange | null;
  busy: boolean;
  onConfirm: (change: RoleChange) => void;
  onCancel: () => void;
}) {
  const user = change?.user;
  const making = change?.kind === 'makeAdmin';
  const kept = user ? (making ? user.role : (user.formerRole ?? 'Buyer')) : 'Buyer';
  return (
    <ConfirmDialog
      open={change !== null}
      title={user ? (making ? m.confirmMakeAdmin({ name: user.name }) : m.confirmRevokeAdmin({ name: user.name })) : ''}
      confirmLabel={making ? texts.dashboard.makeAdmin : m.revokeAdmin}
      confirmClassName={making ? 'btn-primary' : 'btn-warning'}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => change && onConfirm(change)}
    >
      {user && (
        <div className="space-y-3 py-3">
          <p className="break-all text-sm text-base-content/70">{user.email}</p>
          <Said heading={making ? m.gains : m.loses} items={m.adminTools} />
          {kept !== 'Admin' && <Said heading={m.keeps} items={[m.keepsAs[kept]]} />}
          <p>{making ? m.toldByMail : m.becomes({ role: kept })}</p>
          {!making && <p className="text-sm text-base-content/70">{m.lastAdmin}</p>}
        </div>
      )}
    </ConfirmDialog>
  );
}
