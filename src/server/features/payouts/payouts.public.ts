// What other features may use of payouts: releasing a paid order's share, scheduling it, and taking it back.
export { releaseLater, releaseShare, takeBackShare } from './payouts.service.ts';
