import { useState } from 'react';
import { pageMessages } from '#shared/page-messages.ts';
import type { User } from '#shared/schemas/user.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ItemButton } from '#web/components/item-button.tsx';
import { PageControls } from '#web/components/page-controls.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { VerifiedBadge } from '#web/components/verified-badge.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { type UserFilter, usersPageSize, useUsers } from './api/get-users.ts';
import { useUserActions } from './use-users.ts';

const headings: Record<UserFilter, string> = {
  all: pageMessages.dashboard.allUsers,
  buyers: pageMessages.dashboard.allBuyers,
  sellers: pageMessages.dashboard.allSellers,
};

/** The changes an admin makes to a user from the list, each shown on the rows it applies to. */
const changes = [
  {
    name: 'makeAdmin',
    label: pageMessages.dashboard.makeAdmin,
    className: 'btn-xs btn-primary',
    appliesTo: (user: User) => user.role !== 'Admin',
  },
  {
    name: 'verify',
    label: pageMessages.dashboard.verify,
    className: 'btn-xs btn-success',
    appliesTo: (user: User) => user.role === 'Seller' && user.status !== 'Verified',
  },
] as const;

/** All Users / All Buyers / All Sellers (admins): a table with Make Admin, Verify and delete. */
export function UsersPage({ filter }: { filter: UserFilter }) {
  const [page, setPage] = useState(1);
  const users = useUsers(filter, page);
  const actions = useUserActions();
  const { user: me } = useCurrentUser();
  const [deleting, setDeleting] = useState<User | null>(null);

  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold">{headings[filter]}</h1>
      <QueryView query={users} isEmpty={(data) => data.items.length === 0} empty={pageMessages.users.empty}>
        {({ items, total }) => (
          <>
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table table-sm sm:table-md">
                <thead>
                  <tr>
                    <th scope="col" className="hidden sm:table-cell">
                      #
                    </th>
                    <th scope="col">{pageMessages.users.name}</th>
                    <th scope="col">{pageMessages.users.email}</th>
                    <th scope="col">{pageMessages.users.role}</th>
                    <th scope="col">{pageMessages.users.verified}</th>
                    <th scope="col">{pageMessages.users.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((user, index) => (
                    <tr key={user._id}>
                      <td className="hidden sm:table-cell">{(page - 1) * usersPageSize + index + 1}</td>
                      <th scope="row" className="min-w-32 font-medium">
                        {user.name}
                        {!user.emailVerified && (
                          <span className="badge badge-warning badge-sm ml-2 whitespace-nowrap">
                            {pageMessages.users.unconfirmed}
                          </span>
                        )}
                      </th>
                      <td className="whitespace-nowrap">{user.email}</td>
                      <td>{user.role}</td>
                      <td>
                        {user.role !== 'Seller' ? (
                          <span className="sr-only">{pageMessages.users.notApplicable}</span>
                        ) : (
                          <VerifiedBadge verified={user.status === 'Verified'} />
                        )}
                      </td>
                      <td>
                        <div className="flex flex-wrap gap-2">
                          {changes
                            .filter((change) => change.appliesTo(user))
                            .map(({ name, label, className }) => (
                              <ItemButton
                                key={name}
                                action={label}
                                item={user.name}
                                className={className}
                                disabled={actions[name].isPending}
                                onClick={() => actions[name].mutate(user._id)}
                              />
                            ))}
                          {user._id !== me?.uid && (
                            <ItemButton
                              action={pageMessages.users.delete}
                              item={user.name}
                              className="btn-xs btn-error btn-outline"
                              onClick={() => setDeleting(user)}
                            />
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PageControls page={page} pageSize={usersPageSize} total={total} onPage={setPage} />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title={pageMessages.dashboard.confirmDelete}
        confirmLabel={pageMessages.users.delete}
        busy={actions.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && actions.remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
      >
        {deleting && <p className="py-3">{pageMessages.users.deleteWhat(deleting.name, deleting.email)}</p>}
      </ConfirmDialog>
    </section>
  );
}
