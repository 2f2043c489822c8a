/**
 * The inspector's board stage, shared by both games: a Konva stage with zoom and pan, hover
 * over an element (dot or arrow) with a pointer cursor, a rebuild on resize, and the
 * `window.__inspector` debug hook with its draw bench. Each game supplies how to pick an
 * element from an event, how to build its board, and what its debug state is.
 */
import Konva from 'konva';
import { setDebugHook, type InspectorDebugHook } from './debug';
import { Viewport } from './viewport';

export interface BoardStageOptions {
  host: HTMLDivElement;
  game: InspectorDebugHook['game'];
  /** The element under a pointer event, or null. */
  pick(e: Konva.KonvaEventObject<Event>): number | null;
  onHover(index: number | null): void;
  onZoom(zoom: number): void;
  /** Build and draw the whole board (the game measures drawMs and redrawMs itself). */
  build(): void;
  timings(): { drawMs: number; redrawMs: number };
  centres: InspectorDebugHook['centres'];
  state: InspectorDebugHook['state'];
  /** Whether a left press on the empty board pans (default: always). */
  panOnEmpty?: (e: PointerEvent) => boolean;
}

export interface BoardStage {
  stage: Konva.Stage;
  viewport: Viewport;
  /** Start: rebuild on resize and publish the debug hook (after the game holds `stage`). */
  start(): void;
  destroy(): void;
}

export function mountBoardStage(o: BoardStageOptions): BoardStage {
  const { host } = o;
  const stage = new Konva.Stage({ container: host, width: host.clientWidth, height: host.clientHeight });
  const viewport = new Viewport(stage, o.onZoom, o.panOnEmpty);
  stage.on('pointerover', (e) => {
    const i = o.pick(e);
    if (i !== null) {
      o.onHover(i);
      host.style.cursor = 'pointer';
    }
  });
  stage.on('pointerout', (e) => {
    if (o.pick(e) !== null) {
      o.onHover(null);
      host.style.cursor = '';
    }
  });
  const resize = new ResizeObserver(() => {
    stage.size({ width: host.clientWidth, height: host.clientHeight });
    o.build();
  });
  let unhook = (): void => undefined;
  return {
    stage,
    viewport,
    start() {
      resize.observe(host);
      o.build();
      unhook = setDebugHook({
        game: o.game,
        get drawMs() {
          return o.timings().drawMs;
        },
        get redrawMs() {
          return o.timings().redrawMs;
        },
        bench: (times: number) => {
          const builds: number[] = [],
            redraws: number[] = [];
          for (let k = 0; k < times; k++) {
            o.build();
            builds.push(o.timings().drawMs);
            redraws.push(o.timings().redrawMs);
          }
          const median = (a: number[]): number => a.sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? NaN;
          return { buildMs: median(builds), redrawMs: median(redraws) };
        },
        centres: o.centres,
        state: o.state,
      });
    },
    destroy() {
      unhook();
      resize.disconnect();
      viewport.destroy();
      stage.destroy();
    },
  };
}
