/**
 * The offline playtest page's entry (built by scripts/build-playtest-page.mjs into one script
 * the export inlines): its data is the JSON in `#playtest-data`, written by the studio.
 */
import { mount } from 'svelte';
import PlaytestPage from './PlaytestPage.svelte';
import { blindPlays } from '../../games/blind-plays';
import { readPageData } from '../../../../src-shared/playtest/page-data';
import '../../styles.css';

const target = document.getElementById('app')!;
try {
  const { data, pack } = readPageData(document.getElementById('playtest-data')?.textContent ?? '');
  const play = blindPlays.find((p) => p.game.id === pack.game);
  if (!play) throw new Error(`this page cannot show game "${pack.game}"`);
  mount(PlaytestPage, { target, props: { data, pack, play } });
} catch (e) {
  target.textContent = `This playtest page cannot open: ${e instanceof Error ? e.message : String(e)}.`;
}
