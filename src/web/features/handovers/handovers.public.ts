// What other features may use of handovers: a paid order's handover for its buyer and its seller, and the admins' problems.
export { PaidOrderStatus } from './buyer-handover.tsx';
export { HandoverProblemsSection } from './handover-problems-section.tsx';
export { SellerHandoverStatus } from './seller-handover.tsx';
