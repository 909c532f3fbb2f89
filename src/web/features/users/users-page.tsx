import { useState } from 'react';
import { intlLocale, texts } from '#shared/i18n/texts.ts';
import type { ListedUser } from '#shared/schemas/user.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ItemButton } from '#web/components/item-button.tsx';
import { PageControls } from '#web/components/page-controls.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { VerifiedBadge } from '#web/components/verified-badge.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { noUserSearch, type UserFilter, type UserSearch, usersPageSize, useUsers } from './api/get-users.ts';
import { type RoleChange, RoleChangeDialog } from './role-change-dialog.tsx';
import { useUserActions } from './use-users.ts';
import { UserFilters } from './user-filters.tsx';

const m = texts.users;

const headings: Record<UserFilter, string> = {
  all: texts.dashboard.allUsers,
  buyers: texts.dashboard.allBuyers,
  sellers: texts.dashboard.allSellers,
};

const joinedFormat = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' });

/** On a narrow screen each row is a card, its cells labelled by these (the column headings are off screen). */
function NarrowLabel({ children }: { children: string }) {
  return <span className="block text-xs text-base-content/70 md:hidden">{children}</span>;
}

const narrowCell = 'max-md:border-0 max-md:p-0';

function UserRow({
  user,
  isMe,
  busy,
  onRoleChange,
  onVerify,
  onDelete,
}: {
  user: ListedUser;
  isMe: boolean;
  busy: boolean;
  onRoleChange: (change: RoleChange) => void;
  onVerify: () => void;
  onDelete: () => void;
}) {
  const open = !user.closed;
  return (
    <tr
      data-testid="user"
      className="max-md:grid max-md:grid-cols-2 max-md:items-start max-md:gap-x-4 max-md:gap-y-3 max-md:border-b max-md:border-base-content/10 max-md:py-4 max-md:last:border-b-0"
    >
      <th scope="row" className={`${narrowCell} max-md:col-span-2 font-medium`}>
        <bdi className="max-md:text-base">{user.name}</bdi>
        {!user.emailVerified && open && (
          <span className="badge badge-warning badge-sm ms-2 whitespace-nowrap">{m.unconfirmed}</span>
        )}
        {user.closed && <span className="badge badge-ghost badge-sm ms-2">{m.closedBadge}</span>}
      </th>
      <td className={`${narrowCell} max-md:col-span-2 break-all md:break-normal`}>
        <NarrowLabel>{m.email}</NarrowLabel>
        {user.email}
      </td>
      <td className={narrowCell}>
        <NarrowLabel>{m.role}</NarrowLabel>
        <span>{texts.roleNames[user.role]}</span>
        {user.role === 'Admin' && user.capabilities.includes('Seller') && (
          <span className="badge badge-outline badge-sm ms-2 whitespace-nowrap">{m.alsoSells}</span>
        )}
      </td>
      <td className={narrowCell}>
        <NarrowLabel>{m.verified}</NarrowLabel>
        {user.capabilities.includes('Seller') ? (
          <span className="whitespace-nowrap">
            <VerifiedBadge verified={user.status === 'Verified'} small />
          </span>
        ) : (
          <span className="text-base-content/60">
            <span aria-hidden="true">–</span>
            <span className="sr-only">{m.notApplicable}</span>
          </span>
        )}
      </td>
      <td className={`${narrowCell} whitespace-nowrap`}>
        <NarrowLabel>{m.joined}</NarrowLabel>
        {joinedFormat.format(new Date(user.joinedAt))}
      </td>
      <td className={`${narrowCell} md:whitespace-nowrap`}>
        <NarrowLabel>{m.lastActive}</NarrowLabel>
        {user.lastActiveAt ? formatDateTime(user.lastActiveAt) : m.neverActive}
      </td>
      <td className={`${narrowCell} max-md:col-span-2`}>
        {open && (
          <div className="flex flex-wrap gap-2 md:gap-1">
            {user.role !== 'Admin' && (
              <ItemButton
                action={texts.dashboard.makeAdmin}
                item={user.name}
                className="btn-xs btn-primary max-md:btn-sm"
                onClick={() => onRoleChange({ kind: 'makeAdmin', user })}
              />
            )}
            {user.role === 'Admin' && !isMe && (
              <ItemButton
                action={m.revokeAdmin}
                item={user.name}
                className="btn-xs btn-warning btn-outline max-md:btn-sm"
                onClick={() => onRoleChange({ kind: 'revokeAdmin', user })}
              />
            )}
            {user.role === 'Seller' && user.status !== 'Verified' && (
              <ItemButton
                action={texts.dashboard.verify}
                item={user.name}
                className="btn-xs btn-success max-md:btn-sm"
                disabled={busy}
                onClick={onVerify}
              />
            )}
            {!isMe && (
              <ItemButton
                action={m.delete}
                item={user.name}
                className="btn-xs btn-error btn-outline max-md:btn-sm"
                onClick={onDelete}
              />
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * All Users / All Buyers / All Sellers (admins): a search box and filters, then the users with their join date
 * and last activity (a table; cards on a phone), Make Admin and Take back admin after a confirmation saying what
 * changes, Verify and Delete.
 */
export function UsersPage({ filter }: { filter: UserFilter }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<UserSearch>(noUserSearch);
  const settled = useDebounced(search, 300);
  const users = useUsers(filter, settled, page);
  const actions = useUserActions();
  const { user: me } = useCurrentUser();
  const [deleting, setDeleting] = useState<ListedUser | null>(null);
  const [changing, setChanging] = useState<RoleChange | null>(null);
  const filtered = JSON.stringify(settled) !== JSON.stringify(noUserSearch);

  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold">{headings[filter]}</h1>
      <UserFilters
        search={search}
        withRole={filter === 'all'}
        onChange={(next) => {
          setSearch(next);
          setPage(1);
        }}
      />
      <QueryView query={users} isEmpty={(data) => data.items.length === 0} empty={filtered ? m.noMatch : m.empty}>
        {({ items, total }) => (
          <>
            <p className="text-sm text-base-content/70" aria-live="polite">
              {m.found({ total })}
            </p>
            <div className="rounded-box border border-base-300 max-md:px-4 md:overflow-x-auto">
              <table className="table table-sm max-md:block">
                <thead className="max-md:sr-only">
                  <tr>
                    <th scope="col">{m.name}</th>
                    <th scope="col">{m.email}</th>
                    <th scope="col">{m.role}</th>
                    <th scope="col">{m.verified}</th>
                    <th scope="col">{m.joined}</th>
                    <th scope="col">{m.lastActive}</th>
                    <th scope="col">{m.actions}</th>
                  </tr>
                </thead>
                <tbody className="max-md:block">
                  {items.map((user) => (
                    <UserRow
                      key={user._id}
                      user={user}
                      isMe={user._id === me?.uid}
                      busy={actions.verify.isPending}
                      onRoleChange={setChanging}
                      onVerify={() => actions.verify.mutate(user._id)}
                      onDelete={() => setDeleting(user)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <PageControls page={page} pageSize={usersPageSize} total={total} onPage={setPage} />
          </>
        )}
      </QueryView>
      <RoleChangeDialog
        change={changing}
        busy={actions.makeAdmin.isPending || actions.revokeAdmin.isPending}
        onCancel={() => setChanging(null)}
        onConfirm={({ kind, user }) => actions[kind].mutate(user._id, { onSettled: () => setChanging(null) })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={texts.dashboard.confirmDelete}
        confirmLabel={m.delete}
        busy={actions.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && actions.remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
      >
        {deleting && <p className="py-3">{m.deleteWhat({ name: deleting.name, email: deleting.email })}</p>}
      </ConfirmDialog>
    </section>
  );
}
