/**
 * The new-run form's state (NewRunForm.svelte draws it and wires its inputs): the game, seed,
 * name and levels typed; the plan and rules as the structured editors hold them and as JSON
 * text; the problems shown under each input; the size guard's question; the line that follows
 * the run it started; filling it from a cloned run or a preset. The checks themselves are
 * ./new-run-check.ts. Unit-tested in tests/unit/new-run-view.test.ts with a fake client.
 */
import type { ApiArgs, AsTyped, GameInfo, RunSummary, StudioClient } from '../../../src-shared/api';
import { readSeed } from '../../../src-shared/schema/seed';
import { errorText } from '../lib/errors';
import { clone, deepEqual, isObject, mergeOver, numberOrText, type JsonObject } from './edit-model';
import {
  createdLine,
  keptProblems,
  noProblems,
  planFromJson,
  readSettings,
  rulesEditedCount,
  rulesFromJson,
  settingsArgs,
  startRefusal,
  textDiffers,
  unreadSentence,
  type Problems,
} from './new-run-check';
import { PresetsView } from './presets-view.svelte';

export interface NewRunDeps {
  client: Pick<StudioClient, 'call' | 'submit'>;
  gameInfo(id: string): GameInfo | undefined;
  /** What one plan row is called in the game's words ("stretch"), undefined for an unknown game. */
  stageWord(id: string): string | undefined;
  runs(): readonly RunSummary[];
  /** The run the studio's pages show (a started run is picked unless another was picked meanwhile). */
  selectedRunId(): number | null;
  selectRun(id: number): void;
  loadRuns(): Promise<void>;
  report(title: string, e: unknown): void;
  randomSeed(): number;
  oncreated(runId: number): void;
}

/** Settings to fill the form with: a cloned run's or a preset's; `from` names where they came from. */
export interface FillSettings {
  game: string;
  plan: unknown;
  rules: unknown;
  from: string;
  name?: string;
}

type Part = 'plan' | 'rules';
const pretty = (v: unknown): string => JSON.stringify(v, null, 2);

export class NewRunView {
  gameId = $state('');
  seedText = $state('');
  name = $state('');
  levelsText = $state('');
  // The plan and rules as the structured editors hold them, and as text for "Edit as JSON".
  plan = $state<JsonObject[]>([]);
  rules = $state<JsonObject>({});
  planJson = $state(false);
  rulesJson = $state(false);
  planText = $state('');
  rulesText = $state('');
  rulesOpen = $state(false);
  /** Bumped whenever the plan or rules are replaced wholesale (game, reset, JSON): inputs drop their drafts. */
  epoch = $state(0);
  busy = $state(false);
  errors = $state<Record<string, string[]>>({});
  /** Problems inside the plan and rules, by path below "plan." / "rules.". */
  problems = $state<Problems>(noProblems());
  general = $state<string | null>(null);
  /** The size guard's question (the run's size and estimated time), until the designer answers it. */
  asking = $state<string | null>(null);
  /** The run this form started last: its line follows the run (queued, running, then how it ended). */
  created = $state<{ runId: number; text: string } | null>(null);
  /** Where the form's settings came from, while they are not the game's defaults. */
  filledFrom = $state<string | null>(null);
  /** The game whose defaults the form shows (null: none yet). */
  shownFor: string | null = null;
  readonly presets: PresetsView;

  constructor(private readonly deps: NewRunDeps) {
    this.presets = new PresetsView(deps.client, deps.report);
    this.seedText = String(deps.randomSeed());
  }

  get game(): GameInfo | undefined {
    return this.deps.gameInfo(this.gameId);
  }
  // The table and the fields need a list of objects and an object; anything else is edited as JSON only.
  get planFits(): boolean {
    const g = this.game;
    return g !== undefined && Array.isArray(g.defaultPlan) && g.defaultPlan.every(isObject);
  }
  get rulesFit(): boolean {
    const g = this.game;
    return g !== undefined && isObject(g.defaultRules);
  }
  get defaultPlan(): JsonObject[] {
    return this.planFits ? (this.game!.defaultPlan as JsonObject[]) : [];
  }
  get defaultRules(): JsonObject {
    return this.rulesFit ? (this.game!.defaultRules as JsonObject) : {};
  }
  /** What one plan row is called, in the games' own words (their messages say "stretch 3"). */
  get noun(): string {
    return this.deps.stageWord(this.gameId) ?? 'row';
  }
  get planEdited(): boolean {
    const g = this.game;
    if (!g) return false;
    return this.planJson ? textDiffers(this.planText, g.defaultPlan) : !deepEqual(this.plan, g.defaultPlan);
  }
  get rulesEdited(): boolean {
    const g = this.game;
    if (!g) return false;
    return this.rulesJson
      ? textDiffers(this.rulesText, g.defaultRules)
      : !deepEqual(this.rules, g.defaultRules);
  }
  get rulesEditedCount(): number {
    return rulesEditedCount(this.rules, this.defaultRules);
  }
  get createdRun(): RunSummary | undefined {
    const c = this.created;
    return c ? this.deps.runs().find((r) => r.id === c.runId) : undefined;
  }
  get createdLine(): string {
    return this.created ? createdLine(this.created, this.createdRun) : '';
  }
  /** The size guard's question as the dialog asks it. */
  get question(): string {
    const a = this.asking;
    if (!a) return '';
    return `${a.charAt(0).toUpperCase()}${a.slice(1).replace(/ Confirm to run it anyway\.$/, ' Start it anyway?')}`;
  }

  /** Show the chosen game's defaults when the game changed (the form's effect calls it). */
  showDefaults(): void {
    const game = this.game;
    if (!game || this.shownFor === game.id) return;
    this.shownFor = game.id;
    this.plan = clone(this.defaultPlan);
    this.rules = clone(this.defaultRules);
    this.planText = pretty(game.defaultPlan);
    this.rulesText = pretty(game.defaultRules);
    this.planJson = !this.planFits;
    this.rulesJson = !this.rulesFit;
    this.epoch++;
    this.errors = {};
    this.problems = noProblems();
    this.general = null;
  }

  /** The plan and rules as edited (undefined: the game's default), or null after naming JSON that does not parse. */
  editedSettings(): { plan: unknown; rules: unknown } | null {
    const r = readSettings(
      { edited: this.planEdited, json: this.planJson, text: this.planText, value: this.plan },
      { edited: this.rulesEdited, json: this.rulesJson, text: this.rulesText, value: this.rules },
    );
    if (r.ok) return r;
    this.errors = {};
    this.problems = r.problems;
    return null;
  }

  /**
   * Send the form; `confirm`: the designer said yes to the size guard's question; `unread`: how
   * many inputs hold text they cannot read (nothing is sent then). Returns the input to focus.
   */
  async start(confirm: boolean, unread = 0): Promise<'unread' | 'seed' | null> {
    const game = this.game;
    if (!game || this.busy) return null;
    this.created = null;
    this.general = null;
    // A value input holding text it cannot read is named under it by its editor; nothing is sent until it reads.
    if (unread > 0) {
      this.general = unreadSentence(unread);
      return 'unread';
    }
    // The one seed reader (src-shared/schema/seed.ts): "1e3" or "-5" is named under the field, nothing sent.
    const seed = readSeed(this.seedText);
    if (!seed.ok) {
      this.errors = { seed: [seed.message] };
      return 'seed';
    }
    const settings = this.editedSettings();
    if (!settings) return null;
    this.busy = true;
    try {
      const args: AsTyped<ApiArgs<'runs.create'>> = {
        game: game.id,
        seed: seed.value,
        ...(this.name.trim() ? { name: this.name.trim() } : {}),
        ...(this.levelsText.trim() ? { levels: numberOrText(this.levelsText) } : {}),
        ...settingsArgs(settings),
        ...(confirm ? { confirm: true } : {}),
      };
      // What the designer may change while the run is being started: the answer replaces only
      // what is still as it was when Start was pressed (a seed typed meanwhile is kept; a run
      // picked meanwhile stays picked).
      const seedSent = this.seedText;
      const nameSent = this.name;
      const pickedBefore = this.deps.selectedRunId();
      // The arguments are checked by the API, which names each bad field; send them as typed.
      const run = await this.deps.client.submit('runs.create', args);
      this.errors = {};
      this.problems = noProblems();
      this.created = { runId: run.id, text: `${run.levels} levels, ${run.candidatesTotal} candidates` };
      const untouched = this.deps.selectedRunId() === pickedBefore;
      if (untouched) this.deps.selectRun(run.id);
      await this.deps.loadRuns();
      // Picked again after the list reloads (a list read before the run existed drops it), unless the designer picked another meanwhile.
      const now = this.deps.selectedRunId();
      if (untouched && (now === pickedBefore || now === null)) this.deps.selectRun(run.id);
      if (this.seedText === seedSent) this.seedText = String(this.deps.randomSeed());
      // The next run gets the studio's fresh default name, not this one's (unless one was typed meanwhile).
      if (this.name === nameSent) this.name = '';
      this.deps.oncreated(run.id);
    } catch (err) {
      // Past the size threshold the API asks (the size guard), naming the estimated time, before anything is stored.
      const no = startRefusal(err);
      this.errors = no.kind === 'fields' ? no.heads : {};
      this.problems = no.kind === 'fields' ? no.inner : noProblems();
      if (no.kind === 'ask') this.asking = no.question;
      else if (no.kind === 'fields') {
        if (no.inner.rules.length > 0) this.rulesOpen = true;
        this.general = no.general;
      } else {
        this.general = errorText(err);
        this.deps.report('Could not start the run', err);
      }
    } finally {
      this.busy = false;
    }
    return null;
  }

  resetDefaults(which: Part): void {
    const game = this.game;
    if (!game) return;
    if (which === 'plan') {
      this.plan = clone(this.defaultPlan);
      this.planText = pretty(game.defaultPlan);
    } else {
      this.rules = clone(this.defaultRules);
      this.rulesText = pretty(game.defaultRules);
    }
    this.epoch++;
    this.problems = { ...this.problems, [which]: [] };
  }

  /** Editing a field drops the messages about its old value. */
  dropError(head: string): void {
    if (this.errors[head]) {
      const { [head]: _drop, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  /** A structured editor's change: the new value, and the problems the API named at that path dropped. */
  edited(which: Part, next: JsonObject[] | JsonObject, path: string): void {
    if (which === 'plan') this.plan = next as JsonObject[];
    else this.rules = next as JsonObject;
    const kept = keptProblems(this.problems[which], which, path);
    if (kept.length !== this.problems[which].length) this.problems = { ...this.problems, [which]: kept };
  }

  /** Between the structured editor and the JSON text; the text must parse (and fit) to go back. */
  toggleJson(which: Part): void {
    const game = this.game;
    if (!game) return;
    const refuse = (message: string): void =>
      void (this.problems = { ...this.problems, [which]: [{ path: '', message }] });
    if (which === 'plan') {
      if (!this.planJson) {
        this.planText = pretty(this.plan);
        this.planJson = true;
        return;
      }
      const r = planFromJson(this.planText, this.noun);
      if (!r.ok) return refuse(r.message);
      this.plan = r.plan;
      this.planJson = false;
    } else {
      if (!this.rulesJson) {
        this.rulesText = pretty(this.rules);
        this.rulesJson = true;
        return;
      }
      const r = rulesFromJson(this.rulesText, game.defaultRules);
      if (!r.ok) return refuse(r.message);
      this.rules = r.rules;
      this.rulesJson = false;
    }
    this.epoch++;
    this.problems = { ...this.problems, [which]: [] };
  }

  newSeed(): void {
    this.seedText = String(this.deps.randomSeed());
    this.dropError('seed');
  }

  /** Fill the form with stored settings (a run's, cloned; or a preset's): its game, plan and rules, as if typed in. */
  fill(settings: FillSettings): void {
    const info = this.deps.gameInfo(settings.game);
    if (!info) return;
    this.gameId = info.id;
    this.shownFor = info.id;
    const planOk = Array.isArray(settings.plan) && settings.plan.every(isObject);
    this.plan = planOk ? (clone(settings.plan) as JsonObject[]) : [];
    this.planText = pretty(settings.plan);
    this.planJson = !planOk;
    const mergedRules = mergeOver(info.defaultRules, settings.rules ?? {});
    this.rulesJson = !isObject(mergedRules);
    this.rules = isObject(mergedRules) ? (clone(mergedRules) as JsonObject) : {};
    this.rulesText = pretty(settings.rules);
    if (settings.name !== undefined) this.name = settings.name;
    this.levelsText = '';
    this.epoch++;
    this.errors = {};
    this.problems = noProblems();
    this.general = null;
    this.filledFrom = settings.from;
  }

  /** The Settings picker: a preset fills the form; '' goes back to the game's defaults. */
  choosePreset(value: string): void {
    this.presets.chosen = value;
    const p = this.presets.list.find((x) => String(x.id) === value);
    if (p) this.fill({ game: p.game, plan: p.plan, rules: p.rules, from: `preset “${p.name}”` });
    else if (this.game) {
      this.resetDefaults('plan');
      this.resetDefaults('rules');
      this.filledFrom = null;
    }
  }

  /** The Settings picker's first entry: the settings as filled in from a run, or the defaults as edited. */
  get unnamedChoice(): string {
    const from = this.filledFrom;
    return from && !from.startsWith('preset')
      ? `As filled in (${from})`
      : 'The game’s defaults, as edited below';
  }

  /** The note on where the settings came from goes once they are the game's defaults again (an effect of the form). */
  dropFilledAtDefaults(): void {
    if (!this.planEdited && !this.rulesEdited) this.filledFrom = null;
  }

  /** The preset picker shows a preset only while the form holds its settings (an effect of the form). */
  followPreset(): void {
    if (this.filledFrom === null || !this.filledFrom.startsWith('preset')) this.presets.chosen = '';
  }

  async savePreset(): Promise<void> {
    const game = this.game;
    const settings = game && this.presets.name !== null ? this.editedSettings() : null;
    if (!game || !settings) return;
    const inner = await this.presets.save(game.id, settings);
    if (inner) this.problems = inner;
  }
}
