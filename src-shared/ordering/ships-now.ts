/**
 * Which of a run's stored orders ships now, and each order's name in a designer's words. One
 * answer for every screen and the CLI (Ordering, Export, Pools, Duplicates): the steered order
 * once there is one; else the approved order when it fills every level (a fully approved run);
 * else the approved-first order; else an approved order computed before approved first
 * existed; else the automatic one.
 */

export type OrderName = 'automatic' | 'approved' | 'approved-first' | 'steered';

/** Every kind, in the order screens list them. */
export const ORDER_KINDS: readonly OrderName[] = ['automatic', 'approved-first', 'approved', 'steered'];

/** An order's name as screens, messages and the docs write it. */
export const ORDER_WORDS: Record<OrderName, string> = {
  automatic: 'automatic',
  approved: 'approved',
  'approved-first': 'approved first',
  steered: 'steered',
};

/** What is known of one stored order: computed at all, and filling every level. */
export interface OrderState {
  computed: boolean;
  complete: boolean;
}

export function shipsNow(orders: Partial<Record<OrderName, OrderState | null>>): OrderName | null {
  const has = (k: OrderName): boolean => orders[k]?.computed === true;
  if (has('steered')) return 'steered';
  if (has('approved') && orders.approved!.complete) return 'approved';
  if (has('approved-first')) return 'approved-first';
  if (has('approved')) return 'approved';
  if (has('automatic')) return 'automatic';
  return null;
}
