// What other features may use of users: locking an account's row for a change that depends on it.
export { lockAccount } from './lock-account.ts';
