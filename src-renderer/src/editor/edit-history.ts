/**
 * The editor's own history of unsaved edits: every edit pushes the level it made, with a
 * label in the designer's words ("move dot 3"); undo and redo walk it. Once the level is
 * saved it is a candidate, and later changes to it go through the run's history (history.*).
 * Plain TS over immutable levels (the edit operations never mutate), so a step is a pointer move.
 */
export interface EditStep<Level> {
  level: Level;
  /** What made this level from the one before ("" for the start). */
  label: string;
}

export class EditHistory<Level> {
  private steps: EditStep<Level>[];
  private at = 0;

  constructor(start: Level) {
    this.steps = [{ level: start, label: '' }];
  }

  get level(): Level {
    return this.steps[this.at]!.level;
  }

  /** The level the history starts from (as opened, or as last saved). */
  get start(): Level {
    return this.steps[0]!.level;
  }

  /** Edits made since the start (what undo can take back). */
  get undoCount(): number {
    return this.at;
  }

  get redoCount(): number {
    return this.steps.length - 1 - this.at;
  }

  /** The label undo would take back, or null. */
  get undoLabel(): string | null {
    return this.at > 0 ? this.steps[this.at]!.label : null;
  }

  get redoLabel(): string | null {
    return this.at < this.steps.length - 1 ? this.steps[this.at + 1]!.label : null;
  }

  /** Record an edit; anything undone before it is dropped. An edit that changes nothing is not recorded. */
  push(level: Level, label: string): boolean {
    if (JSON.stringify(level) === JSON.stringify(this.level)) return false;
    this.steps = [...this.steps.slice(0, this.at + 1), { level, label }];
    this.at++;
    return true;
  }

  undo(): string | null {
    if (this.at === 0) return null;
    const label = this.steps[this.at]!.label;
    this.at--;
    return label;
  }

  redo(): string | null {
    if (this.at >= this.steps.length - 1) return null;
    this.at++;
    return this.steps[this.at]!.label;
  }

  /** Start over from a level (after a save: the saved candidate is the new start). */
  reset(level: Level): void {
    this.steps = [{ level, label: '' }];
    this.at = 0;
  }
}
