/**
 * A small graph of phase tasks: each node names what it needs, and runs the moment all of it
 * is complete, so the work of a run is stated once as its dependencies (run-graph.ts) instead
 * of as a hand-written sequence. A node without work is a fact completed from outside (a
 * level's pool stored, told by the generation node); a node with work completes when its work
 * resolves. The graph settles once nothing runs and nothing more can start: it resolves when
 * every node is complete, and otherwise rejects with the first failure, or with a sentence
 * naming what still waits (after a cancel, say, which the caller tells apart by its signal).
 * After a failure no more nodes start; those running finish first.
 */

export interface PhaseNode {
  id: string;
  needs: readonly string[];
  /** The node's work (`complete` completes facts); absent: the node is a fact completed from outside. */
  run?: (complete: (id: string) => void) => Promise<void>;
}

export function runPhaseGraph(nodes: readonly PhaseNode[]): Promise<void> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const n of nodes)
    for (const need of n.needs)
      if (!byId.has(need)) throw new Error(`phase ${n.id} needs ${need}, which is not in the graph`);
  const unmet = new Map(nodes.map((n) => [n.id, new Set(n.needs).size]));
  const dependents = new Map<string, string[]>();
  for (const n of nodes)
    for (const need of new Set(n.needs)) dependents.set(need, [...(dependents.get(need) ?? []), n.id]);
  const complete = new Set<string>();
  let running = 0;
  let failure: { error: unknown } | null = null;
  let settle!: { resolve: () => void; reject: (e: unknown) => void };
  const settled = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));

  const check = (): void => {
    if (running > 0) return;
    if (failure) settle.reject(failure.error);
    else if (complete.size === nodes.length) settle.resolve();
    else {
      const waiting = nodes.filter((n) => !complete.has(n.id)).map((n) => n.id);
      settle.reject(
        new Error(
          `the run's phases stopped with ${waiting.length} still waiting (${waiting.slice(0, 3).join(', ')}${waiting.length > 3 ? ', …' : ''})`,
        ),
      );
    }
  };
  const done = (id: string): void => {
    if (complete.has(id)) return;
    complete.add(id);
    for (const d of dependents.get(id) ?? []) {
      const left = unmet.get(d)! - 1;
      unmet.set(d, left);
      if (left === 0) start(byId.get(d)!);
    }
  };
  const fact = (id: string): void => {
    const n = byId.get(id);
    if (!n) throw new Error(`${id} is not a phase of the graph`);
    if (n.run) throw new Error(`${id} is a phase with its own work, completed when that work ends`);
    done(id);
  };
  // Started at once when its needs are met, so a phase that follows another begins in the same
  // turn the other ends (progress never sees a gap between them).
  function start(n: PhaseNode): void {
    if (!n.run || failure) return;
    running++;
    let work: Promise<void>;
    try {
      work = n.run(fact);
    } catch (e) {
      work = Promise.reject(e);
    }
    work
      .then(
        () => {
          if (!failure) done(n.id);
        },
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => {
        running--;
        check();
      });
  }
  for (const n of nodes) if (n.needs.length === 0) start(n);
  check();
  return settled;
}
