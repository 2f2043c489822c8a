/** The renderer's app state (Svelte 5 runes): API client, games, runs, page, errors, theme. */
import type { GameInfo, RunSummary, StudioClient } from '../../../src-shared/api';
import { connect } from './client';

export type PageId = 'runs' | 'pools' | 'inspector' | 'plots' | 'duplicates' | 'ordering' | 'compare' | 'export';

export interface ShownError {
  id: number;
  title: string;
  message: string;
  at: string;
}

let errorId = 1;

class Studio {
  client: StudioClient = connect();
  page = $state<PageId>('runs');
  games = $state<GameInfo[]>([]);
  runs = $state<RunSummary[]>([]);
  loading = $state(true);
  errors = $state<ShownError[]>([]);
  theme = $state<'dark' | 'light'>('dark');
  paletteOpen = $state(false);

  /** Report a failure in the visible error panel; never swallow it. */
  report(title: string, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.errors = [...this.errors, { id: errorId++, title, message, at: new Date().toLocaleTimeString() }];
  }

  dismiss(id: number): void {
    this.errors = this.errors.filter((e) => e.id !== id);
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const [games, runs] = await Promise.all([this.client.call('games.list', {}), this.client.call('runs.list', {})]);
      this.games = games;
      this.runs = runs;
    } catch (e) {
      this.report('Could not load the studio', e);
    } finally {
      this.loading = false;
    }
  }

  setTheme(theme: 'dark' | 'light'): void {
    this.theme = theme;
    document.documentElement.dataset['theme'] = theme;
    try {
      localStorage.setItem('studio-theme', theme);
    } catch {
      // storage may be unavailable (private mode); the theme still applies for this session
    }
  }
}

export const studio = new Studio();
