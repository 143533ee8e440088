import type { FastifyBaseLogger } from 'fastify';

/** An application got its outcome; the applicant is to be told (notifications subscribe here once they exist). */
export interface AdoptionDecided {
  applicationId: number;
  strayId: number;
  /** users.id of the applicant (the one to notify). */
  applicantPk: number;
  outcome: 'APPROVED' | 'REJECTED';
  reason: 'APPROVED_BY_ADMIN' | 'REJECTED_BY_ADMIN' | 'ANOTHER_APPROVED';
}

export type AdoptionDecidedListener = (event: AdoptionDecided) => void | Promise<void>;

/**
 * The adoption domain's events. Raised only after the deciding transaction has
 * committed, so a listener never tells an applicant about a decision that was
 * rolled back; a failing listener is logged and never undoes the decision.
 */
export class AdoptionEvents {
  private readonly listeners = new Set<AdoptionDecidedListener>();

  constructor(private readonly log?: FastifyBaseLogger) {}

  /** Subscribe; returns the unsubscribe function. */
  onDecided(listener: AdoptionDecidedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async emitDecided(events: AdoptionDecided[]): Promise<void> {
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          await listener(event);
        } catch (err) {
          this.log?.error({ err, event }, 'adoption-decided listener failed');
        }
      }
    }
  }
}
