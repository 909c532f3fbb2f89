// What other features may show of payouts: what a seller receives for a price, as it is typed.
export { YouReceive } from './you-receive.tsx';
