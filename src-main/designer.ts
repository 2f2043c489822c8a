/**
 * Who the studio says made a decision (a duplicate pair marked fine): the operating system's
 * user running main. Always decided here, in main, never taken from the renderer.
 */
import { userInfo } from 'node:os';

export function designerName(): string {
  try {
    const name = userInfo().username.trim();
    if (name) return name;
  } catch {
    // No passwd entry for this uid (some containers): fall back to the environment.
  }
  return (process.env.USER ?? process.env.USERNAME ?? '').trim() || 'the designer';
}
