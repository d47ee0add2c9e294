/**
 * What a hub can prove about when a device's replayed write was made (decisions 0062 and 0120): not before the
 * device's last contact that preceded it, not after the first contact that showed it existed (or its receipt).
 * Between the two only the device's word stands.
 */
export interface TimeEvidence {
  /** The device's clock when it made the write. */
  readonly claimed: number;
  /** The last contact of the device before the write; undefined when there was none. */
  readonly earliest: number | undefined;
  /** The first contact after the write existed, or the hub's receipt of it if sooner. */
  readonly latest: number;
}

/**
 * The device's time moved into what the evidence allows. Without a contact before the write nothing bounds it from
 * below, and the latest time stands (as the hub's own time stands for a REST request).
 */
export function provenTime(evidence: TimeEvidence): number {
  return Math.min(Math.max(evidence.claimed, evidence.earliest ?? evidence.latest), evidence.latest);
}
