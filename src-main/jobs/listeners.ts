/**
 * Listeners of the engine's events (run progress and status, experiment progress and status)
 * are called from inside the work that fires them: the scheduler, the pipeline, the progress
 * tracker, the experiment runner. A listener that throws must never break that work, nor keep
 * the listeners after it from hearing the event. This is the one place they are called: a
 * failure is caught, logged once per listener with the event named, and the run carries on.
 */

export type ListenerLog = (message: string, error: unknown) => void;

const consoleLog: ListenerLog = (message, error) => console.error(message, error);

/** `listener`, made safe to call from the engine: it never throws; its first failure is logged naming `event`. */
export function guardListener<A extends unknown[]>(
  event: string,
  listener: (...args: A) => void,
  log: ListenerLog = consoleLog,
): (...args: A) => void {
  let logged = false;
  return (...args) => {
    try {
      listener(...args);
    } catch (e) {
      // Once is enough: a progress listener that throws would otherwise log hundreds of times a run.
      if (logged) return;
      logged = true;
      log(
        `a listener of ${event} failed; the work that sent the event carries on (this listener's later failures are not logged):`,
        e,
      );
    }
  };
}

export interface EventHub<Events> {
  /** Listen to `event`; returns the function that stops listening. */
  on<E extends keyof Events & string>(event: E, listener: (payload: Events[E]) => void): () => void;
  /** Tell every listener of `event`, in the order they started listening; never throws. */
  emit<E extends keyof Events & string>(event: E, payload: Events[E]): void;
}

/** A typed event hub whose every listener is guarded (guardListener). */
export function createEventHub<Events>(log: ListenerLog = consoleLog): EventHub<Events> {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      const guarded = guardListener(event, listener, log) as (payload: never) => void;
      const set = listeners.get(event) ?? new Set();
      set.add(guarded);
      listeners.set(event, set);
      return () => void set.delete(guarded);
    },
    emit(event, payload) {
      // A copy: a listener may stop listening (or add one) while the event goes round.
      for (const l of [...(listeners.get(event) ?? [])]) (l as (p: typeof payload) => void)(payload);
    },
  };
}
