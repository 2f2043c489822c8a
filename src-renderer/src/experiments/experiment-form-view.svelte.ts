/**
 * The new-experiment form's state (ExperimentForm.svelte draws it): the base (a run's settings
 * or a game's defaults), one to three variants of changes picked by the game's field labels,
 * seeds and a scope; the local checks before anything is sent, the API's problems placed next
 * to their fields, the size guard's question, and the warning when too few seeds are chosen
 * for the sign test ever to call a change real. Unit-tested in
 * tests/unit/experiment-form-view.test.ts with a fake client.
 */
import type {
  ApiArgs,
  AsTyped,
  ExperimentCreated,
  GameInfo,
  RunDetail,
  RunSummary,
  StudioClient,
} from '../../../src-shared/api';
import { minSeedsToDecide, SIGN_TEST_LEVEL } from '../../../src-shared/experiments/stats';
import { fieldSentence, readFieldValue } from '../../../src-shared/schema/field-value';
import { readNumberList } from '../../../src-shared/schema/number-list';
import { readSeedList } from '../../../src-shared/schema/seed';
import { errorText } from '../lib/errors';
import { fieldErrors } from '../runs/format';
import { changeOptions, valueText, type ChangeOption, type GameFields } from './change-fields';

interface ChangeRow {
  path: string;
  text: string;
}
interface VariantDraft {
  name: string;
  changes: ChangeRow[];
}
interface Draft {
  baseKind: 'run' | 'game';
  baseRunId: number | null;
  gameId: string;
  baseLevelsText: string;
  name: string;
  variants: VariantDraft[];
  seedsText: string;
  scopeKind: 'plan' | 'slots';
  levelsText: string;
  candidatesText: string;
}

/** experiments.create's arguments as the form holds them (numbers may still be text), confirm aside. */
type CreateArgs = AsTyped<Omit<ApiArgs<'experiments.create'>, 'confirm'>>;

export const MAX_VARIANTS = 3;
const MAX_SEEDS = 64;

export interface ExperimentFormDeps {
  client: Pick<StudioClient, 'call' | 'submit'>;
  runs(): readonly RunSummary[];
  selectedRun(): RunSummary | null;
  /** The game a new form starts on (the first one known). */
  firstGame(): string;
  gameInfo(id: string | undefined): GameInfo | undefined;
  /** The game's own words and plan reader (from its view), for the change options' labels. */
  gameWords(id: string): Pick<GameFields, 'stage' | 'stages'> | undefined;
  report(title: string, e: unknown): void;
  /** The experiment was made: reload the lists and show it. */
  created(experimentId: number): Promise<void>;
}

/** A run of its own (not one an experiment made) that finished: what a base can come from. */
const ownDone = (r: { status: string; experimentId: number | null }): boolean =>
  r.status === 'done' && r.experimentId === null;

const blankVariant = (): VariantDraft => ({ name: '', changes: [{ path: '', text: '' }] });
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The form as the designer left it: kept while the page shows an experiment, to start the next one from. */
let kept: Draft | null = null;

export class ExperimentFormView {
  baseKind = $state<'run' | 'game'>('game');
  baseRunId = $state<number | null>(null);
  gameId = $state('');
  baseLevelsText = $state('');
  baseRun = $state<RunDetail | null>(null);
  name = $state('');
  variants = $state<VariantDraft[]>([blankVariant()]);
  seedsText = $state('1-8');
  scopeKind = $state<'plan' | 'slots'>('slots');
  levelsText = $state('1-3');
  candidatesText = $state('12');
  busy = $state(false);
  /** Problems by where they show: 'base', 'name', 'seeds', 'levels', 'candidates', 'v0', 'v0.name', 'v0.c1', 'general'. */
  errors = $state<Record<string, string[]>>({});
  asking = $state<{ message: string; seconds: number; candidates: number } | null>(null);
  /** The game whose fields the variants' picks name (a new base game drops the picks it lacks). */
  private optionsFor: string | null = null;

  constructor(private readonly deps: ExperimentFormDeps) {
    const start =
      kept && (kept.baseRunId === null || deps.runs().some((r) => r.id === kept!.baseRunId && ownDone(r)))
        ? kept
        : null;
    const selected = deps.selectedRun();
    const firstRun = selected && ownDone(selected) ? selected.id : (deps.runs().find(ownDone)?.id ?? null);
    this.baseKind = start?.baseKind ?? (firstRun !== null ? 'run' : 'game');
    this.baseRunId = start?.baseRunId ?? firstRun;
    this.gameId = start?.gameId ?? deps.firstGame();
    if (start) {
      this.baseLevelsText = start.baseLevelsText;
      this.name = start.name;
      this.variants = start.variants;
      this.seedsText = start.seedsText;
      this.scopeKind = start.scopeKind;
      this.levelsText = start.levelsText;
      this.candidatesText = start.candidatesText;
    }
  }

  /** Keep the form as it is for the next one (the form's effect calls it on every change). */
  keep(): void {
    kept = {
      baseKind: this.baseKind,
      baseRunId: this.baseRunId,
      gameId: this.gameId,
      baseLevelsText: this.baseLevelsText,
      name: this.name,
      variants: $state.snapshot(this.variants),
      seedsText: this.seedsText,
      scopeKind: this.scopeKind,
      levelsText: this.levelsText,
      candidatesText: this.candidatesText,
    };
  }

  /** The runs a base can come from. */
  get doneRuns(): RunSummary[] {
    return this.deps.runs().filter(ownDone);
  }
  get game(): GameInfo | undefined {
    return this.deps.gameInfo(this.baseKind === 'run' ? this.baseRun?.game : this.gameId);
  }
  private get fields(): GameFields | null {
    const game = this.game;
    const words = game ? this.deps.gameWords(game.id) : undefined;
    return game && words
      ? { defaultRules: game.defaultRules, defaultPlan: game.defaultPlan, fields: game.fields, ...words }
      : null;
  }
  /** The base's settings (null until the chosen run's are read). */
  get base(): { rules: unknown; plan: unknown } | null {
    if (this.baseKind === 'run')
      return this.baseRun ? { rules: this.baseRun.rules, plan: this.baseRun.plan } : null;
    const game = this.game;
    return game ? { rules: game.defaultRules, plan: game.defaultPlan } : null;
  }
  get options(): ChangeOption[] {
    const fields = this.fields,
      base = this.base;
    return fields && base ? changeOptions(fields, base) : [];
  }
  get groups(): string[] {
    return [...new Set(this.options.map((o) => o.group))];
  }
  get byPath(): Map<string, ChangeOption> {
    return new Map(this.options.map((o) => [o.path, o]));
  }
  /** Levels the base's plan holds (the scope's levels must lie within). */
  get baseLevels(): number | null {
    if (this.baseKind === 'run') return this.baseRun?.levels ?? null;
    const game = this.game;
    if (!game) return null;
    const n = Number(this.baseLevelsText);
    return n > 0 ? Math.min(n, game.levelCount) : game.levelCount;
  }
  get seeds(): ReturnType<typeof readSeedList> {
    return readSeedList(this.seedsText, MAX_SEEDS);
  }
  get sizeLine(): string {
    const seeds = this.seeds;
    if (!seeds.ok) return '';
    const arms = this.variants.length + 1;
    const what = this.scopeKind === 'plan' ? 'the whole plan' : 'the chosen levels';
    return `${arms} arms (the base and ${plural(this.variants.length, 'variant')}) × ${plural(seeds.values.length, 'seed')} = ${arms * seeds.values.length} runs of ${what}`;
  }
  /**
   * With fewer seeds than the sign test needs, no change can ever be called real: say so
   * before the experiment is run (null when there are enough, or the seeds do not read).
   */
  get seedWarning(): string | null {
    const seeds = this.seeds;
    const least = minSeedsToDecide(SIGN_TEST_LEVEL);
    if (!seeds.ok || seeds.values.length >= least) return null;
    return `With ${plural(seeds.values.length, 'seed')} the sign test can never call a change real: at p ≤ ${SIGN_TEST_LEVEL} it needs at least ${least} seeds that move the same way. Use ${least} or more seeds.`;
  }

  /** Read the chosen run's plan and rules (the base's settings); returns the cancel for a run changed meanwhile. */
  loadBase(): () => void {
    const id = this.baseKind === 'run' ? this.baseRunId : null;
    if (id === null) {
      this.baseRun = null;
      return () => undefined;
    }
    let live = true;
    this.deps.client.call('runs.get', { runId: id }).then(
      (d) => {
        if (live) this.baseRun = d;
      },
      (e: unknown) => {
        if (live) this.deps.report(`Could not read the settings of run #${id}`, e);
      },
    );
    return () => {
      live = false;
    };
  }

  /** Changes name fields of one game: a new base game drops the picks that do not exist in it (the form's effect calls it). */
  followGame(): void {
    const id = this.game?.id ?? null;
    const byPath = this.byPath;
    if (id === null || byPath.size === 0) return;
    if (this.optionsFor !== null && this.optionsFor !== id) {
      this.variants = this.variants.map((v) => ({
        ...v,
        changes: v.changes.map((c) => (byPath.has(c.path) ? c : { path: '', text: '' })),
      }));
    }
    this.optionsFor = id;
  }

  addVariant(): void {
    if (this.variants.length < MAX_VARIANTS) this.variants = [...this.variants, blankVariant()];
  }
  removeVariant(i: number): void {
    this.variants = this.variants.filter((_, k) => k !== i);
    this.errors = {};
  }
  addChange(i: number): void {
    this.variants[i]!.changes = [...this.variants[i]!.changes, { path: '', text: '' }];
  }
  removeChange(i: number, j: number): void {
    this.variants[i]!.changes = this.variants[i]!.changes.filter((_, k) => k !== j);
    this.drop(`v${i}.c${j}`);
  }
  /** Picking a field fills in the base's value to edit from. */
  pick(i: number, j: number, path: string): void {
    const row = this.variants[i]!.changes[j]!;
    row.path = path;
    row.text = valueText(this.byPath.get(path)?.base);
    this.drop(`v${i}.c${j}`);
  }
  /** Editing a field drops the messages about its old value. */
  drop(key: string): void {
    if (this.errors[key]) {
      const { [key]: _gone, ...rest } = this.errors;
      this.errors = rest;
    }
  }
  err(key: string): string[] {
    return this.errors[key] ?? [];
  }

  /** The API's field problems placed next to their inputs (variant changes by their path). */
  place(list: readonly { field: string; message: string; label?: string }[]): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    const add = (k: string, m: string): void => void (out[k] ??= []).push(m);
    const byPath = this.byPath;
    for (const f of list) {
      const v = /^variants\.(\d+)(?:\.(.*))?$/.exec(f.field);
      if (v) {
        const i = Number(v[1]);
        const rest = v[2] ?? '';
        if (rest === 'name') {
          add(`v${i}.name`, f.message);
          continue;
        }
        if (rest.startsWith('changes.')) {
          const path = rest.slice('changes.'.length);
          const rows = this.variants[i]?.changes ?? [];
          const j = rows.findIndex(
            (c) => c.path !== '' && (path === c.path || path.startsWith(`${c.path}.`)),
          );
          if (j >= 0)
            add(
              `v${i}.c${j}`,
              path === rows[j]!.path
                ? fieldSentence(byPath.get(path)?.label ?? path, f.message)
                : `${path}: ${f.message}`,
            );
          else add(`v${i}`, `${byPath.get(path)?.label ?? path}: ${f.message}`);
          continue;
        }
        add(`v${i}`, rest ? `${rest}: ${f.message}` : f.message);
        continue;
      }
      if (f.field === 'variants') add('variants', f.message);
      else if (f.field.startsWith('base')) add('base', f.message);
      else if (f.field.startsWith('seeds')) add('seeds', f.message);
      else if (f.field.startsWith('scope.slots'))
        add('levels', f.label ? fieldSentence(f.label, f.message) : f.message);
      else if (f.field.startsWith('scope.candidates')) add('candidates', f.message);
      else if (f.field === 'name') add('name', f.message);
      else add('general', f.field ? `${f.field}: ${f.message}` : f.message);
    }
    return out;
  }

  /** The arguments as typed, or the local problems (text that is no number, an empty pick). */
  collect(): { args: CreateArgs | null; local: Record<string, string[]> } {
    const local: Record<string, string[]> = {};
    const add = (k: string, m: string): void => void (local[k] ??= []).push(m);
    const game = this.game;
    const byPath = this.byPath;
    if (!game) add('base', 'choose a run or a game first');
    if (this.baseKind === 'run' && this.baseRunId === null)
      add('base', 'choose the run whose settings are the base');
    const out = this.variants.map((v, i) => {
      const changes: Record<string, unknown> = {};
      v.changes.forEach((c, j) => {
        if (c.path === '') {
          if (c.text.trim() !== '' || v.changes.length === 1)
            add(`v${i}.c${j}`, 'choose the field this change sets');
          return;
        }
        const opt = byPath.get(c.path);
        const r = readFieldValue(opt?.kind ?? 'any', c.text, opt?.label ?? c.path);
        if (!r.ok) add(`v${i}.c${j}`, r.message);
        else if (c.path in changes)
          add(`v${i}.c${j}`, `${opt?.label ?? c.path} is changed twice in this variant`);
        else changes[c.path] = r.value;
      });
      return v.name.trim() ? { name: v.name.trim(), changes } : { changes };
    });
    const seeds = this.seeds;
    if (!seeds.ok) add('seeds', seeds.message);
    let scope: NonNullable<CreateArgs['scope']> = { kind: 'plan' };
    if (this.scopeKind === 'slots') {
      const levels = readNumberList(this.levelsText, 'level', {
        min: 1,
        max: this.baseLevels ?? 1000,
        most: 50,
      });
      if (!levels.ok) add('levels', levels.message);
      const text = this.candidatesText.trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < 1) add('candidates', 'must be a whole number of candidates, 1 or more');
      scope = { kind: 'slots', slots: levels.ok ? levels.values.map((l) => l - 1) : [], candidates: n };
    }
    if (Object.keys(local).length > 0 || !game) return { args: null, local };
    // A run base with no run chosen was refused above.
    const runId = this.baseKind === 'run' ? this.baseRunId : null;
    const levelsText = this.baseLevelsText.trim();
    const baseArg: CreateArgs['base'] =
      runId !== null
        ? { runId }
        : levelsText
          ? { game: game.id, levels: Number(levelsText) || levelsText }
          : { game: game.id };
    const args: CreateArgs = {
      base: baseArg,
      variants: out,
      seeds: seeds.ok ? seeds.values : [],
      scope,
      ...(this.name.trim() ? { name: this.name.trim() } : {}),
    };
    return { args, local };
  }

  /**
   * Send the form (`confirm`: the designer said yes to the size guard's question). Returns
   * true when problems are now shown (the form focuses the first).
   */
  async create(confirm: boolean): Promise<boolean> {
    if (this.busy) return false;
    const { args, local } = this.collect();
    if (!args) {
      this.errors = local;
      return true;
    }
    this.busy = true;
    try {
      const reply: ExperimentCreated = await this.deps.client.submit('experiments.create', {
        ...args,
        confirm,
      });
      if (reply.experimentId === null) {
        this.asking = {
          message: reply.confirm.message,
          seconds: reply.confirm.estimatedSeconds,
          candidates: reply.confirm.candidates,
        };
        return false;
      }
      this.errors = {};
      this.asking = null;
      this.name = '';
      await this.deps.created(reply.experimentId);
      return false;
    } catch (err) {
      const list = fieldErrors(err);
      if (list.length > 0) {
        this.errors = this.place(list);
        return true;
      }
      this.errors = { general: [errorText(err)] };
      this.deps.report('Could not start the experiment', err);
      return false;
    } finally {
      this.busy = false;
    }
  }
}
