/**
 * The Export page's words and its preselected order, apart from the markup (and unit-tested):
 * the order that ships now is chosen for the designer and named; every message uses the
 * button's own words, and says what happened only once it has (a browser downloads, Electron
 * writes where its save dialog says).
 */
import type { OrderingKind, OrderingView } from '../../../src-shared/api';
import { ORDER_WORDS, shipsNow } from '../../../src-shared/ordering/ships-now';
import { formatBytes } from './download';
import { formatWhen } from '../runs/format';

/** The order that ships now among the orders read, or the automatic one before any is read. */
export function shippingKind(
  orders: Record<OrderingKind, Pick<OrderingView, 'computedAt' | 'shortLevels'> | null>,
): OrderingKind {
  const state = (v: Pick<OrderingView, 'computedAt' | 'shortLevels'> | null) =>
    v?.computedAt ? { computed: true, complete: v.shortLevels.length === 0 } : null;
  return (
    shipsNow({
      automatic: state(orders.automatic),
      approved: state(orders.approved),
      'approved-first': state(orders['approved-first']),
      steered: state(orders.steered),
    }) ?? 'automatic'
  );
}

/** "Ships now: the steered order." */
export function shipsNowLine(kind: OrderingKind): string {
  return `Ships now: the ${ORDER_WORDS[kind]} order.`;
}

/** The export button's words. */
export function buttonWords(browserMode: boolean): string {
  return browserMode ? 'Download pack' : 'Export pack…';
}

/** What the button will do, said before it is pressed (nothing has happened yet). */
export function beforeLine(browserMode: boolean, layout: 'file' | 'per-level'): string {
  return browserMode
    ? `${buttonWords(true)} hands the pack to your browser’s downloads${layout === 'per-level' ? ' (its folder as one .zip)' : ''}.`
    : `${buttonWords(false)} asks where to save it.`;
}

/** Before anything is written this session. */
export function nothingYetLine(browserMode: boolean): string {
  return `Nothing written yet in this session. Choose the run, order and layout, then press ${buttonWords(browserMode)}.`;
}

export interface WrittenPack {
  kind: OrderingKind;
  runId: number;
  layout: string;
  fileCount: number;
  bytes: number;
  path: string | null;
  downloaded: string | null;
}

/** After the pack was written or handed to the browser: what happened, in the past tense. */
export function resultLine(r: WrittenPack): string {
  const what = `the ${ORDER_WORDS[r.kind]} pack of run #${r.runId} (${r.layout === 'file' ? 'one file' : `${r.fileCount} files`}, ${formatBytes(r.bytes)})`;
  if (r.path) return `Wrote ${what}.`;
  return `Downloaded ${what} as ${r.downloaded ?? 'a file'}.`;
}

/** One order as the Export page offers it: its radio button's title, words and whether it can be picked. */
export interface OrderChoice {
  kind: OrderingKind;
  title: string;
  /** What the order is, then its levels filled and when it was computed (or why it is not there). */
  words: string;
  disabled: boolean;
}

/** Levels of an order that have a candidate (0 with no order). */
export const filled = (o: OrderingView | null): number =>
  o ? o.levels.filter((l) => l.candidateId !== null).length : 0;
const computed = (o: OrderingView | null, missing: string): string =>
  o?.computedAt
    ? ` · ${filled(o)} / ${o.levels.length} levels, computed ${formatWhen(o.computedAt)}`
    : ` · ${missing}`;

/** The four orders in the page's order, with their state for the run read (an imported pack has no pools to approve). */
export function orderChoices(
  orders: Record<OrderingKind, OrderingView | null>,
  imported: boolean,
): OrderChoice[] {
  const auto = orders.automatic;
  return [
    {
      kind: 'automatic',
      title: 'Automatic',
      words: `the order search on the whole pool${auto ? ` · ${filled(auto)} / ${auto.levels.length} levels` : ''}`,
      disabled: false,
    },
    {
      kind: 'approved-first',
      title: 'Approved first',
      words: `approved candidates at their levels, the order search elsewhere${computed(orders['approved-first'], 'not computed yet (approve in Pools, then compute)')}`,
      disabled: !orders['approved-first']?.computedAt,
    },
    {
      kind: 'approved',
      title: 'Approved',
      words: `the order search on hand-approved candidates only${computed(orders.approved, 'not computed yet')}`,
      disabled: imported,
    },
    {
      kind: 'steered',
      title: 'Steered',
      words: `the order with the designer’s pins, locks and exclusions${computed(orders.steered, 'not steered yet (steer it on the Ordering page)')}`,
      disabled: !orders.steered?.computedAt,
    },
  ];
}
