/** Page state of the Plots screen that outlives the page (histogram choice) and that actions drive. */
class PlotsView {
  /** Metric key the histogram shows ('' = the game's difficulty). */
  metric = $state('');
  /** 0 = all levels; otherwise the 1-based level whose pool the histogram shows. */
  histLevel = $state(0);
  /** The expressive range's metrics ('' = the game's first two), bins and levels (0 = open end). */
  rangeX = $state('');
  rangeY = $state('');
  rangeBins = $state(20);
  rangeFrom = $state(0);
  rangeTo = $state(0);
  /** Bumped to reload the page's data. */
  reloadTick = $state(0);

  reload(): void {
    this.reloadTick++;
  }
}

export const plotsView = new PlotsView();
