import { randomBytes, randomUUID } from 'node:crypto';
import type { WebhookSubscriptionData } from '../../domain/records/webhook-records.ts';
import type { Repositories } from '../../domain/repositories.ts';
import { retryStale, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { NotFoundError, RefusedError } from '../../domain/errors.ts';
import type { WebhookServices } from '../../webhooks/webhook-services.ts';
import { webhookLookup } from '../../webhooks/webhook-store.ts';
import type { ResolvedContext, Subscriber } from './subscriber.ts';
import { invalidSubscription, readSubscriptionInput, type SubscriptionInput } from './subscription-input.ts';

export const unauthorizedSubscription = () => new RefusedError('Unauthorized subscription', 'error');
/** Canvas relays the subscription service's 404, whose body is `{}`. */
export const subscriptionNotFound = () => new NotFoundError('subscription', 'none');

export const PAGE_SIZE = 100;

type Hash = Record<string, unknown>;
type Subscription = Stored<WebhookSubscriptionData>;

/** The rules of `Lti::SubscriptionsApiController` and its validator, over subscriptions stored in `local`. */
export class WebhookSubscriptionsService {
  readonly #repos: Repositories;
  readonly #webhooks: WebhookServices;
  readonly #rootAccountId: number;

  constructor(repos: Repositories, webhooks: WebhookServices, rootAccountId: number) {
    this.#repos = repos;
    this.#webhooks = webhooks;
    this.#rootAccountId = rootAccountId;
  }

  async create(subscriber: Subscriber, subscription: Hash | undefined, submission: Hash | undefined, stamp: WriteStamp) {
    const input = readSubscriptionInput(subscription, submission);
    const context = await this.#authorize(subscriber, input);
    const iso = new Date(stamp.now).toISOString();
    const created = await this.#webhooks.repos.subscriptions.create(
      {
        uuid: randomUUID(),
        developer_key: subscriber.developerKey,
        tool_proxy_guid: subscriber.integrationId,
        root_account_id: this.#rootAccountId,
        ...input,
        ...context,
        signing_secret: `whsec_${randomBytes(32).toString('base64')}`,
        state: 'active',
        disabled_reason: null,
        failing_since: null,
        failing_last_at: null,
        failing_online_ms: 0,
        created_at: iso,
        updated_at: iso,
      },
      stamp,
    );
    this.#webhooks.changed();
    return created;
  }

  /** A subscription of the caller's developer key; anyone else's is as missing as an unknown id. */
  async find(subscriber: Subscriber, uuid: string): Promise<Subscription> {
    const found = await this.#webhooks.repos.subscriptions.byLookup(webhookLookup.subscription(uuid));
    if (!found || found.data.state === 'deleted' || found.data.developer_key !== subscriber.developerKey) throw subscriptionNotFound();
    return found;
  }

  async update(subscriber: Subscriber, uuid: string, subscription: Hash | undefined, submission: Hash | undefined, stamp: WriteStamp) {
    return retryStale(async () => {
      const current = await this.find(subscriber, uuid);
      const input = readSubscriptionInput(subscription, submission, current.data);
      const context = await this.#authorize(subscriber, input);
      const data = { ...current.data, ...input, ...context, updated_at: new Date(stamp.now).toISOString() };
      const [updated] = await this.#webhooks.repos.subscriptions.replaceMany([{ read: current, data }], stamp);
      this.#webhooks.changed();
      return updated!;
    });
  }

  async remove(subscriber: Subscriber, uuid: string, stamp: WriteStamp): Promise<void> {
    await retryStale(async () => {
      const current = await this.find(subscriber, uuid);
      const data = { ...current.data, state: 'deleted' as const, updated_at: new Date(stamp.now).toISOString() };
      await this.#webhooks.repos.subscriptions.replaceMany([{ read: current, data }], stamp);
    });
    this.#webhooks.changed();
  }

  /** One page of the developer key's subscriptions in `Id` order after `startId`; `more` when a next page exists. */
  async list(subscriber: Subscriber, startId: string | undefined): Promise<{ page: Subscription[]; more: boolean }> {
    const prefix = `dk:${subscriber.developerKey}:`;
    const all = await this.#webhooks.repos.subscriptions.find(
      { course_id: 0, sort_key: { $gt: startId === undefined ? prefix : `${prefix}${startId}`, $lt: `${prefix}\uffff` } },
      [{ sort_key: 'asc' }],
    );
    return { page: all.slice(0, PAGE_SIZE), more: all.length > PAGE_SIZE };
  }

  /** Capabilities for every event type, then a context the tool is installed in (docs/canvas-compatibility.md §12.1). */
  async #authorize(subscriber: Subscriber, input: SubscriptionInput): Promise<ResolvedContext> {
    if (!subscriber.mayCapture(input.event_types)) throw unauthorizedSubscription();
    const context = await this.#resolveContext(input);
    if (!subscriber.activeIn(context)) throw unauthorizedSubscription();
    return context;
  }

  async #resolveContext({ context_type, context_id }: SubscriptionInput): Promise<ResolvedContext> {
    const id = /^\d{1,16}$/.test(context_id) ? Number(context_id) : undefined;
    const whole = { course_id: 0, assignment_id: 0, account_id: this.#rootAccountId };
    switch (context_type) {
      case 'root_account': {
        const root = await this.#repos.accounts.get(this.#rootAccountId);
        // Canvas names the root account by its uuid here; its id is accepted too.
        if (root && (context_id === root.data.uuid || id === root.id)) return whole;
        throw invalidSubscription('ContextId is not this root account');
      }
      case 'account': {
        const account = id === undefined ? undefined : await this.#repos.accounts.get(id);
        if (!account || account.data.workflow_state === 'deleted') throw invalidSubscription('ContextId is not an account');
        return { course_id: 0, assignment_id: 0, account_id: account.id };
      }
      case 'course': {
        const course = id === undefined ? undefined : await this.#repos.courses.get(id);
        if (!course || course.data.workflow_state === 'deleted') throw invalidSubscription('ContextId is not a course');
        return { course_id: course.id, assignment_id: 0, account_id: course.data.account_id };
      }
      case 'assignment': {
        // An assignment subscription lives in the assignment's course (Canvas resolves it the same way).
        const assignment = id === undefined ? undefined : await this.#repos.assignments.get(id);
        if (!assignment || assignment.data.workflow_state === 'deleted') throw invalidSubscription('ContextId is not an assignment');
        const course = await this.#repos.courses.get(assignment.data.course_id);
        return { course_id: assignment.data.course_id, assignment_id: assignment.id, account_id: course?.data.account_id ?? 0 };
      }
    }
  }
}
