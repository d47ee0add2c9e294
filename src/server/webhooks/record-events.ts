import type { DataOf, DeclarationOf, WebhookSourceType } from '../domain/declarations/index.ts';
import type { WebhookSnapshotData } from '../domain/records/webhook-records.ts';
import type { Stored } from '../domain/repository.ts';
import type { CanonicalEvent } from './canonical-event.ts';
import type { Change, EventFacts } from './event-facts.ts';
import { attachmentEvents, fileSnapshot, submissionEvents, submissionSnapshot, topicEvents, topicSnapshot } from './event-rules.ts';

/** The events of one changed record, and the snapshot to compare its next change with. */
export interface Derived {
  events: CanonicalEvent[];
  next: WebhookSnapshotData;
}

/** `sourceKey` (`collection:key`) is what the record's snapshots are kept under. */
type Derivation<TData extends object> = (change: Change<TData>, sourceKey: string, previous: WebhookSnapshotData | undefined, facts: EventFacts) => Promise<Derived>;

/**
 * How each record type that declares webhook events (domain/declarations/) turns a change into them. The mapped
 * type makes a declared source without its derivation a type error, and a derivation for a type that declares
 * none one too.
 */
export const RECORD_EVENTS: { [T in WebhookSourceType]: Derivation<DataOf<DeclarationOf<T>>> } = {
  submission: async (change, sourceKey, previous, facts) => {
    const { data } = change.record;
    const events: CanonicalEvent[] = [];
    for (const name of submissionEvents(previous, data)) events.push(await facts.submissionEvent(name, change, previous));
    const assignment = await facts.assignment(data.assignment_id);
    return { events, next: submissionSnapshot(sourceKey, data, facts.pointsPossible(assignment)) };
  },
  attachment: async (change, sourceKey, previous, facts) => {
    const names = attachmentEvents(previous, change.record.data);
    const events = names.length > 0 ? [await facts.attachmentEvent(change)] : [];
    return { events, next: fileSnapshot(sourceKey, change.record.data) };
  },
  discussion_topic: async (change, sourceKey, previous, facts) => {
    const events = await Promise.all(topicEvents(previous, change.record.data).map((name) => facts.topicEvent(name, change)));
    return { events, next: topicSnapshot(sourceKey, change.record.data) };
  },
};

/** The derivation for a stored record's type; undefined for types that produce no events. */
export function derivationOf(record: Stored<object>): Derivation<object> | undefined {
  // The table is keyed by type, so the record's data is the type its derivation expects.
  return Object.hasOwn(RECORD_EVENTS, record.type) ? (RECORD_EVENTS[record.type as WebhookSourceType] as Derivation<object>) : undefined;
}

