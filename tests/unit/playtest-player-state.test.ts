/**
 * The blind player's progress (src-renderer/src/playtest/player-state.ts) and the page's memory
 * (page/page-session.ts): levels in order, a clear waits for "Next level", a loss offers "Try
 * again" as a new attempt, skip and give up end the attempt, a resumed attempt does not count
 * the time the page was shut, and the results file's checksum is its attempts'.
 */
import { describe, expect, it } from 'vitest';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { canonicalJson, sha256Hex } from '../../src-shared/playtest/checksum';
import type { AttemptTrace } from '../../src-shared/playtest/types';
import {
  beginPlay,
  boardMoves,
  leaveLevel,
  levelOnScreen,
  nextLevel,
  playMove,
  resumePlay,
  tryAgain,
  type Clock,
} from '../../src-renderer/src/playtest/player-state';
import {
  loadSession,
  resultsFile,
  resultsFileName,
  saveSession,
} from '../../src-renderer/src/playtest/page/page-session';
import { tallyGame } from '../fixtures/games/tally/game';

let t = 0;
const clock: Clock = { now: () => t, iso: () => `2026-12-02T05:00:${String(t % 60).padStart(2, '0')}Z` };
const line = {
  playtest: tallyGame.playtest,
  level: tallyGame.parseLevel({ dots: [0, 1, 2, 6] }),
  rules: tallyGame.defaultRules,
};

describe('the blind player’s progress', () => {
  it('plays levels in order: a clear ends the attempt and waits for Next; skip and give up move on', () => {
    t = 0;
    let p = beginPlay('Ada', [2, 1, 3], clock);
    expect(levelOnScreen(p)).toBe(2);
    t = 300;
    let s = playMove(line, p, 1, clock);
    expect(s.attempt).toBeNull();
    expect(boardMoves(s.progress)).toEqual([1]);
    t = 900;
    s = playMove(line, s.progress, 3, clock);
    expect(s.attempt).toMatchObject({ level: 2, outcome: 'cleared-fewest', ms: 900 });
    expect(s.progress.ended).toBe('cleared-fewest');
    expect(playMove(line, s.progress, 0, clock).progress).toBe(s.progress); // no move after the end
    p = nextLevel(s.progress, clock);
    expect(levelOnScreen(p)).toBe(1);
    t = 1500;
    s = leaveLevel(p, clock);
    expect(s.attempt).toMatchObject({ level: 1, outcome: 'skipped', ms: 600, events: [] });
    t = 1600;
    const moved = playMove(line, s.progress, 0, clock).progress;
    t = 2600;
    s = leaveLevel(moved, clock);
    expect(s.attempt).toMatchObject({ level: 3, outcome: 'gave-up', ms: 1100 });
    expect(levelOnScreen(s.progress)).toBeNull();
  });

  it('after a loss, Try again is a new attempt at the same level', () => {
    const level = apsisGame.parseLevel({
      orbits: 3,
      arrows: [
        { orbit: 1, angle: 0, heading: 'cw', length: 'short' },
        { orbit: 1, angle: 20, heading: 'cw', length: 'short' },
      ],
    });
    const rules = { ...apsisGame.defaultRules, hearts: 1 };
    const subject = { playtest: apsisGame.playtest, level, rules };
    const replay = (moves: number[]) => apsisGame.playtest.replay(level, rules, [moves]);
    // The arrow launched first into the other one is blocked (and costs the only heart).
    const blocked = [0, 1].find((i) => replay([i]).status === 'failed');
    expect(blocked, 'one of the two arrows is blocked by the other').toBeDefined();
    t = 0;
    const p = beginPlay('Ada', [1], clock);
    t = 100;
    const s = playMove(subject, p, blocked!, clock);
    expect(s.attempt).toMatchObject({ level: 1, outcome: 'failed' });
    t = 200;
    const again = tryAgain(s.progress, clock);
    expect(levelOnScreen(again)).toBe(1);
    expect(again.ended).toBeNull();
    expect(again.recording).toMatchObject({ start: 200, events: [], moves: 0 });
  });

  it('a resumed attempt continues from its last event; the page’s memory reads back, or starts afresh when damaged', () => {
    t = 0;
    let p = beginPlay('Ada', [1], clock);
    t = 400;
    p = playMove(line, p, 1, clock).progress;
    const store = new Map<string, string>();
    const ks = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(saveSession(ks, 'exp', { progress: p, attempts: [] })).toBe(true);
    const back = loadSession(ks, 'exp')!;
    expect(back.progress).toEqual(p);
    t = 1_000_000; // the page was shut for a long while
    const resumed = resumePlay(back.progress, clock);
    t = 1_000_250;
    const s = playMove(line, resumed, 3, clock);
    expect(s.attempt!.events.map((e) => e.at)).toEqual([400, 650]);
    store.set('studio-playtest:exp', '{"progress":');
    expect(loadSession(ks, 'exp')).toBeNull();
    expect(loadSession(ks, 'other')).toBeNull();
  });

  it('the results file carries the checksum of its attempts, and a safe file name', () => {
    const attempts: AttemptTrace[] = [{ level: 1, startedAt: 'x', events: [], outcome: 'skipped', ms: 5 }];
    const f = resultsFile('0123456789ab', 'cd'.repeat(32), 'Zoë', attempts);
    expect(f).toMatchObject({
      format: 'studio-playtest-results',
      version: 1,
      exportId: '0123456789ab',
      tester: 'Zoë',
    });
    expect(f.attemptsChecksum).toBe(sha256Hex(canonicalJson(attempts)));
    expect(resultsFileName(' Zoë / A.B ', '0123456789ab')).toBe('playtest-Zoë-A-B-01234567.json');
    expect(resultsFileName('///', 'abcdefghij')).toBe('playtest-tester-abcdefgh.json');
  });
});
