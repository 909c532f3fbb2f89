import { roles } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { UserSearch } from './api/get-users.ts';

const m = texts.users;

/** The admin's search box and filters above a user list; `withRole` for the list of every role. */
export function UserFilters({
  search,
  withRole,
  onChange,
}: {
  search: UserSearch;
  withRole: boolean;
  onChange: (search: UserSearch) => void;
}) {
  const set = (change: Partial<UserSearch>) => onChange({ ...search, ...change });
  return (
    <search aria-label={m.filters} className="flex flex-wrap items-end gap-3">
      <label className="flex w-full flex-col gap-1 sm:w-72">
        <span className="text-sm">{m.search}</span>
        <input
          type="search"
          className="input w-full"
          value={search.q}
          maxLength={200}
          onChange={(event) => set({ q: event.target.value })}
        />
      </label>
      {withRole && (
        <select
          aria-label={m.role}
          className="select w-auto"
          value={search.role}
          onChange={(event) => set({ role: event.target.value as UserSearch['role'] })}
        >
          <option value="">{m.anyRole}</option>
          {roles.map((role) => (
            <option key={role} value={role}>
              {texts.roleNames[role]}
            </option>
          ))}
        </select>
      )}
      <select
        aria-label={m.verified}
        className="select w-auto"
        value={search.verified}
        onChange={(event) => set({ verified: event.target.value as UserSearch['verified'] })}
      >
        <option value="">{m.anyVerified}</option>
        <option value="true">{m.onlyVerified}</option>
        <option value="false">{m.notVerified}</option>
      </select>
      <label className="flex min-h-10 items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={search.closed}
          onChange={(event) => set({ closed: event.target.checked })}
        />
        <span>{m.showClosed}</span>
      </label>
    </search>
  );
}
