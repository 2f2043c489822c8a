/**
 * The new-run form's presets (named plan and rules sets, presets.list): the list its Settings
 * picker offers, the one it holds, and "Save as preset" (the name being typed, and how it went).
 */
import type { ApiArgs, Preset, StudioClient } from '../../../src-shared/api';
import { StudioError, errorText } from '../lib/errors';
import { fieldErrors } from './format';
import { placeProblems, settingsArgs, type Problems } from './new-run-check';

export class PresetsView {
  list = $state<Preset[]>([]);
  /** The preset the form holds (its id as the picker's value; '' none). */
  chosen = $state('');
  /** The name being typed (null: the field is closed). */
  name = $state<string | null>(null);
  line = $state<{ ok: boolean; text: string } | null>(null);

  constructor(
    private readonly client: Pick<StudioClient, 'call'>,
    private readonly report: (title: string, e: unknown) => void,
  ) {}

  /** Reloaded when the picker is opened, as adopting elsewhere adds some. */
  async load(): Promise<void> {
    try {
      this.list = await this.client.call('presets.list', {});
    } catch (e) {
      this.report('Could not load the presets', e);
    }
  }

  /**
   * Save the settings under the name typed. Returns the problems the API named inside the plan
   * and rules (to show under their inputs), or null; the line says how it went.
   */
  async save(
    game: ApiArgs<'presets.save'>['game'],
    settings: { plan: unknown; rules: unknown },
  ): Promise<Problems | null> {
    if (this.name === null) return null;
    this.line = null;
    try {
      const p = await this.client.call('presets.save', { game, name: this.name, ...settingsArgs(settings) });
      this.line = { ok: true, text: `Saved preset “${p.name}”: the Settings list offers it.` };
      this.name = null;
      await this.load();
      return null;
    } catch (err) {
      const list = fieldErrors(err);
      const inner = list.filter((f) => f.field.startsWith('plan') || f.field.startsWith('rules'));
      const conflict = err instanceof StudioError && err.body.code === 'conflict';
      const named = list.find((f) => f.field === 'name');
      this.line = { ok: false, text: conflict || !named ? errorText(err) : `Name: ${named.message}` };
      return inner.length > 0 ? placeProblems(inner).inner : null;
    }
  }
}
