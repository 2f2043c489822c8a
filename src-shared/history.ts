/**
 * The shapes of a run's history (one history for every change a designer makes, in the
 * tldraw/excalidraw pattern): an action returns the rows it changed, before and after, and
 * history records them so undo and redo replay exactly that change.
 */

/** What a change did: verdicts, tags, notes, steering the order (pins, locks, exclusions), duplicate triage, a hand-edited level saved, a top-up. */
export type HistoryKind =
  'verdict' | 'tag' | 'untag' | 'set-tags' | 'note' | 'steer' | 'triage' | 'edit' | 'topup';

/** Which kind of row a change touched: a candidate, or the run itself (its steering and steered order). */
type HistoryTarget = 'candidate' | 'run';

/** One field of one row, before and after (plain JSON values). */
export interface RowChange {
  target: HistoryTarget;
  /** The row's database id. */
  id: number;
  /**
   * 'pair-triage' (on the run): one pair's mark, as a PairTriageValue; `row`: a whole candidate
   * saved (before null) or removed (after null), e.g. a hand-edited level or a top-up's;
   * 'topup', 'automatic-order', 'report' (on the run): a top-up's status, the automatic order
   * and the run's report it changed.
   */
  field:
    | 'verdict'
    | 'tags'
    | 'note'
    | 'steering'
    | 'steered-order'
    | 'pair-triage'
    | 'row'
    | 'topup'
    | 'automatic-order'
    | 'report';
  before: unknown;
  after: unknown;
}

/** A near-duplicate pair's triage as history records it: the two candidates (a < b) and the mark, or null. */
export interface PairTriageValue {
  a: number;
  b: number;
  fine: { by: string; at: string } | null;
}

export interface HistoryEntry {
  id: number;
  runId: number;
  kind: HistoryKind;
  /** What the undo bar names, e.g. "Approved L12 · c3" or "Tagged 9 candidates “hard”". */
  label: string;
  /** Which candidates, in the studio's vocabulary ("L12 · c3", "9 candidates in L3–L7"). */
  scope: string;
  /** Rows the change touched. */
  rows: number;
  createdAt: string;
  /** Undone entries can be redone until a new change is made. */
  undone: boolean;
}

/** What undo and redo would act on next. */
export interface HistoryState {
  runId: number;
  undo: HistoryEntry | null;
  redo: HistoryEntry | null;
}

/** The reply of every curation action. */
export interface CurationChange extends HistoryState {
  /** Rows that changed (0 when the action changed nothing, and then nothing is recorded). */
  changed: number;
  changes: RowChange[];
  /** The history entry recorded for this action, or null when nothing changed. */
  entry: HistoryEntry | null;
  /** The change can be undone (history.undo) while this is true. */
  undoable: boolean;
  /** Row changes left out of `changes` past the reply's cap (api/call-bounds.ts): the page reloads its rows. */
  changesLeftOut?: number;
}

/** The reply of undo, redo and jump: the entries applied, in order, and the rows they set. */
export interface HistoryStep extends HistoryState {
  entries: HistoryEntry[];
  /** Each row as it changed now (before = the value it had, after = the value it has). */
  changes: RowChange[];
  changed: number;
  /** Row changes left out of `changes` past the reply's cap (api/call-bounds.ts); absent: none. */
  changesLeftOut?: number;
}

export interface HistoryList extends HistoryState {
  /** Newest first. */
  entries: HistoryEntry[];
  total: number;
}
