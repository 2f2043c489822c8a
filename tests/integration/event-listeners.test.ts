/**
 * A listener that throws never breaks the run engine's events: a run whose progress, status
 * and experiment listeners throw on every event still ends done with the same candidates, the
 * listeners registered after them still hear every event, and each failing listener is logged
 * once, naming its event (src-main/jobs/listeners.ts, the one place listeners are called).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunProgress, RunStatus } from '../../src-shared/api';
import { createEventHub, guardListener } from '../../src-main/jobs/listeners';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 2 });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('engine events with a listener that throws', () => {
  it('a run ends done, the other listeners hear every event, and each failure is logged once naming its event', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let thrown = 0;
    const boom = (): never => {
      thrown++;
      throw new Error('listener broke');
    };
    const offs = [studio.service.on('run.progress', boom), studio.service.on('run.changed', boom)];
    const progress: RunProgress[] = [];
    const statuses: RunStatus[] = [];
    offs.push(studio.service.on('run.progress', (p) => progress.push(p)));
    offs.push(studio.service.on('run.changed', (c) => statuses.push(c.status)));
    try {
      const run = await studio.api.call('runs.create', { game: 'carillon', seed: 31, levels: 3 });
      const end = await studio.service.engine.waitFor(run.id);
      expect(end.status).toBe('done');
      expect(end.candidatesDone).toBe(end.candidatesTotal);
      expect(statuses).toEqual(['queued', 'running', 'done']);
      expect(progress.at(-1)).toMatchObject({ runId: run.id, stage: 'done', status: 'done', overall: 1 });
      // Every event reached the broken listeners too (they threw each time)…
      expect(thrown).toBe(progress.length + statuses.length);
      // …and each was logged once, by the event's name.
      const lines = logged.mock.calls.map((c) => String(c[0]));
      expect(lines.filter((l) => l.includes('run.progress'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes('run.changed'))).toHaveLength(1);
      expect(lines.find((l) => l.includes('run.progress'))).toMatch(/listener of run\.progress failed/);
    } finally {
      for (const off of offs) off();
    }
  });

  it('an experiment runs to done under a throwing experiment listener', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offs = [
      studio.service.on('experiment.progress', () => {
        throw new Error('progress listener broke');
      }),
      studio.service.on('experiment.changed', () => {
        throw new Error('status listener broke');
      }),
    ];
    try {
      const e = await studio.api.call('experiments.create', {
        name: 'listeners',
        base: { game: 'carillon' },
        variants: [{ changes: { 'rules.spacing': 18 } }],
        seeds: [1],
        scope: { kind: 'slots', slots: [0], candidates: 4 },
      });
      if (e.experimentId === null) throw new Error('a 2-run experiment asked for confirmation');
      const experimentId = e.experimentId;
      await vi.waitFor(
        async () => expect((await studio.api.call('experiments.get', { experimentId })).status).toBe('done'),
        { timeout: 60_000, interval: 200 },
      );
      const lines = logged.mock.calls.map((c) => String(c[0]));
      expect(lines.filter((l) => l.includes('experiment.progress'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes('experiment.changed'))).toHaveLength(1);
    } finally {
      for (const off of offs) off();
    }
  });
});

describe('guardListener and the event hub', () => {
  it('calls every listener in order, isolates a throwing one, and logs it once per listener', () => {
    const log = vi.fn();
    const hub = createEventHub<{ tick: number }>(log);
    const heard: string[] = [];
    hub.on('tick', (n) => heard.push(`a${n}`));
    const offBroken = hub.on('tick', (n) => {
      heard.push(`broken${n}`);
      throw new Error(`no ${n}`);
    });
    hub.on('tick', (n) => heard.push(`c${n}`));
    hub.emit('tick', 1);
    hub.emit('tick', 2);
    offBroken();
    hub.emit('tick', 3);
    expect(heard).toEqual(['a1', 'broken1', 'c1', 'a2', 'broken2', 'c2', 'a3', 'c3']);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toMatch(/^a listener of tick failed/);
    expect(log.mock.calls[0]![1]).toEqual(new Error('no 1'));
  });

  it('a guarded callback never throws and reports under its event name', () => {
    const log = vi.fn();
    const fn = guardListener(
      'run.changed',
      () => {
        throw new TypeError('bad');
      },
      log,
    );
    expect(() => fn()).not.toThrow();
    expect(() => fn()).not.toThrow();
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toContain('run.changed');
  });
});
