import { AppError } from '#server/app-error.ts';
import { authorize } from '#server/policies/policies.ts';

type OrderPolicy = 'order.read' | 'order.pay' | 'order.delete' | 'order.reportProblem';

/** The caller's own order (booking): none is 404, someone else's 403 (the rule `policy`'s refusal). */
export function requireOwnOrder<Order extends { buyerId: string | null }>(
  order: Order | null | undefined,
  buyer: { id: string },
  policy: OrderPolicy,
): Order {
  if (!order) throw new AppError('NOT_FOUND', 'No order with this id');
  authorize(buyer, policy, order);
  return order;
}
