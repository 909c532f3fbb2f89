// What other features may use of handovers: a paid order gets its handover.
export { createHandover } from './handovers.service.ts';
