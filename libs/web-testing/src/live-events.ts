import type { LiveEvent, LiveEventPayloads } from '@caliber/contracts';
import type { LiveEventSource } from '@caliber/web';

type Listener<E extends LiveEvent> = (payload: LiveEventPayloads[E]) => void;

/**
 * Live events a test sends by hand, in place of the socket: `emit('user:changed', { userId })`
 * reaches every listener of that event, with the payload the contracts' map names for it.
 */
export class TestLiveEvents implements LiveEventSource {
  private readonly listeners: { [E in LiveEvent]?: Set<Listener<E>> } = {};

  on<E extends LiveEvent>(event: E, listener: Listener<E>): void {
    this.setOf(event).add(listener);
  }

  off<E extends LiveEvent>(event: E, listener: Listener<E>): void {
    this.setOf(event).delete(listener);
  }

  emit<E extends LiveEvent>(event: E, payload: LiveEventPayloads[E]): void {
    for (const listener of this.setOf(event)) listener(payload);
  }

  /** How many listeners `event` has: a hook that forgot to unsubscribe leaves one behind. */
  count(event: LiveEvent): number {
    return this.setOf(event).size;
  }

  private setOf<E extends LiveEvent>(event: E): Set<Listener<E>> {
    const existing = this.listeners[event];
    if (existing) return existing;
    const created = new Set<Listener<E>>();
    Object.assign(this.listeners, { [event]: created });
    return created;
  }
}
