/** The pack file the designer opened in the inspector (kept across page switches). */
import type { OpenPack } from './load';

class PackState {
  pack = $state.raw<OpenPack | null>(null);
  index = $state(0);
}

export const packState = new PackState();

/** The copyable id of a pack level, in the shape of a candidate's label. */
export function packLevelLabel(pack: OpenPack, index: number): string {
  return `${pack.game}/seed ${pack.seed}/level ${index + 1}`;
}
