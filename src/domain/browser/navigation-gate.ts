/**
 * @module navigation-gate
 * A gate on where a session's pages go next, armed by the guard while an agent's action that may navigate runs after
 * untrusted content: target-guard.ts asks it about each top-level document request of the session's pages — a link
 * followed, a form sent, each hop of a redirect chain — before the request leaves, and fails the ones no arm allows.
 * Unarmed, it admits everything (a person's or a client's own navigation is never gated).
 */

type Arm = { allows(url: string): boolean; stopped(url: string): void };

export class NavigationGate {
  private readonly arms = new Set<Arm>();

  /** Arms the gate until the returned function is called; `stopped` hears of each navigation it stops. */
  arm(allows: (url: string) => boolean, stopped: (url: string) => void): () => void {
    const arm: Arm = { allows, stopped };
    this.arms.add(arm);
    return () => this.arms.delete(arm);
  }

  /** Whether an action is being watched. */
  get armed(): boolean {
    return this.arms.size > 0;
  }

  /** Whether a top-level navigation to `url` may go now: unarmed, or some arm allows it (the others hear of none). */
  admits(url: string): boolean {
    if (this.arms.size === 0) return true;
    const arms = [...this.arms];
    if (arms.some((arm) => arm.allows(url))) return true;
    for (const arm of arms) arm.stopped(url);
    return false;
  }
}
