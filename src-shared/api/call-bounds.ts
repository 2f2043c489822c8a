/**
 * Bounds on the API's heaviest calls (issue 21, "The main thread stays free"): each one runs on
 * the main thread inside one transaction, so its work and its reply are capped, and past a cap
 * the call is refused with a sentence saying what to do (nothing changes) or its reply counts
 * what it left out. Measured by `npm run bench -- --only main-thread` (target: under 100 ms).
 */

/**
 * candidates.setTags: candidates written in one step of a tag change (9,600 × 20 tags in one
 * transaction held the main thread 1.1 s). A larger change is written in steps of this many,
 * the thread given back in between, and recorded as one change (store/history.ts). The call's
 * schema bounds it: at most 20,000 candidates and 20 tags.
 */
export const TAG_STEP_CANDIDATES = 500;
/** candidates.setTags: candidate–tag pairs in one step (so with 20 tags a step is 125 candidates). */
const TAG_STEP_PAIRS = 2_500;

/** How many candidates one step of a tag change with `tags` tags writes. */
export function tagStepCandidates(tags: number): number {
  return Math.max(1, Math.min(TAG_STEP_CANDIDATES, Math.floor(TAG_STEP_PAIRS / Math.max(1, tags))));
}

/** history.jump: changes one jump may undo or redo (10,003 held the main thread 3.8 s). */
export const MAX_JUMP_ENTRIES = 250;
/** history.jump: rows those changes may touch in all. */
export const MAX_JUMP_ROWS = 20_000;
/** history.jump, undo and redo: row changes a reply carries (`changesLeftOut` counts the rest). */
export const MAX_REPLY_CHANGES = 1_000;

/**
 * orderings.swapOptions: candidates of a stage one call weighs (a 50,000-candidate stretch held
 * the main thread 9.9-15.2 s). The level's own pool comes first, then the pools nearest to it;
 * `unweighed` counts the rest.
 */
export const MAX_SWAP_WEIGHED = 2_000;
