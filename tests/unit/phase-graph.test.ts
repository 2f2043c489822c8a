/**
 * The run's phase graph runner (src-main/runs/phase-graph.ts): a node runs the moment what it
 * needs is complete (facts told from outside, or other nodes' work), in the same turn; a
 * failure stops new nodes and is thrown once the running ones settle; a graph left waiting
 * says what waits.
 */
import { describe, expect, it } from 'vitest';
import { runPhaseGraph } from '../../src-main/runs/phase-graph';

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 1));

describe('the phase graph', () => {
  it('starts each node as soon as its needs are complete, facts included, and in the same turn', async () => {
    const log: string[] = [];
    await runPhaseGraph([
      {
        id: 'generate',
        needs: [],
        run: async (complete) => {
          log.push('generate starts');
          await tick();
          complete('pool 0');
          // The window needing only pool 0 started inside that call, before generation goes on.
          log.push('pool 0 stored');
          await tick();
          complete('pool 1');
          log.push('generate ends');
        },
      },
      { id: 'pool 0', needs: [] },
      { id: 'pool 1', needs: [] },
      {
        id: 'window 0',
        needs: ['pool 0'],
        run: async () => {
          log.push('window 0');
        },
      },
      {
        id: 'order',
        needs: ['pool 0', 'pool 1'],
        run: async () => {
          log.push('order');
        },
      },
      {
        id: 'pairs',
        needs: ['window 0', 'generate'],
        run: async () => {
          log.push('pairs');
        },
      },
    ]);
    expect(log).toEqual(['generate starts', 'window 0', 'pool 0 stored', 'order', 'generate ends', 'pairs']);
  });

  it('after a failure starts nothing more, and throws it once the running nodes settle', async () => {
    const log: string[] = [];
    const run = runPhaseGraph([
      {
        id: 'a',
        needs: [],
        run: async () => {
          await tick();
          throw new Error('the generation failed');
        },
      },
      {
        id: 'slow',
        needs: [],
        run: async () => {
          await tick();
          await tick();
          log.push('slow settled');
        },
      },
      {
        id: 'after a',
        needs: ['a'],
        run: async () => {
          log.push('never');
        },
      },
    ]);
    await expect(run).rejects.toThrow('the generation failed');
    expect(log).toEqual(['slow settled']);
  });

  it('says what still waits when nothing runs and nothing can start', async () => {
    await expect(
      runPhaseGraph([
        { id: 'generate', needs: [], run: async () => {} },
        { id: 'pool 0', needs: [] },
        { id: 'order', needs: ['pool 0'], run: async () => {} },
      ]),
    ).rejects.toThrow("the run's phases stopped with 2 still waiting (pool 0, order)");
  });

  it('refuses a need that is not in the graph, and completing a node that has its own work', async () => {
    expect(() => runPhaseGraph([{ id: 'order', needs: ['pool 9'], run: async () => {} }])).toThrow(
      'phase order needs pool 9, which is not in the graph',
    );
    await expect(
      runPhaseGraph([
        { id: 'a', needs: [], run: async (complete) => complete('b') },
        { id: 'b', needs: [], run: async () => {} },
      ]),
    ).rejects.toThrow('b is a phase with its own work, completed when that work ends');
  });
});
