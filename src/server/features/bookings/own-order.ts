import { AppError } from '#server/app-error.ts';

/** The caller's own order (booking): none is 404, someone else's 403 (`othersOrder` its message). */
export function requireOwnOrder<Order extends { buyerId: string | null }>(
  order: Order | null | undefined,
  buyerId: string,
  othersOrder = 'This order belongs to someone else',
): Order {
  if (!order) throw new AppError('NOT_FOUND', 'No order with this id');
  if (order.buyerId !== buyerId) throw new AppError('FORBIDDEN', othersOrder);
  return order;
}
