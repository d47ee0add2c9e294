import type { CoreServices } from '../../core-services.ts';
import { pageResult, readPageRequest } from '../../http/pagination.ts';
import type { RequestContext, RouteResult } from '../../http/route.ts';
import type { IdResolver } from '../common/id-lookup.ts';
import { PollChoicesService } from './poll-choices.service.ts';
import { pollRules } from './poll-rules.ts';
import { PollSessionsService } from './poll-sessions.service.ts';
import { PollSubmissionsService } from './poll-submissions.service.ts';
import { PollsService } from './polls.service.ts';

/** The poll family's services and rules, built once and shared by its route files. */
export function pollServices(services: CoreServices, ids: IdResolver) {
  const polls = new PollsService(services);
  const { access } = polls;
  const choices = new PollChoicesService(services, access);
  return {
    access,
    polls,
    choices,
    sessions: new PollSessionsService(services, access, ids),
    submissions: new PollSubmissionsService(services, access, choices),
    rules: pollRules(access),
  };
}

export type PollServices = ReturnType<typeof pollServices>;

/** Canvas wraps every poll answer, single or list, in an object keyed by the resource (`{"polls":[…]}`). */
export function wrapped(key: string, items: readonly unknown[], page?: RouteResult): RouteResult {
  return { ...page, body: { [key]: items } };
}

export const NO_CONTENT: RouteResult = { status: 204, body: null };

/** One page of `all` (Link header included), shown through `toJson` and wrapped under `key`. */
export async function paged<T>(
  ctx: RequestContext,
  key: string,
  all: readonly T[],
  toJson: (items: readonly T[]) => Promise<unknown[]>,
): Promise<RouteResult> {
  const request = readPageRequest(ctx.query);
  const items = all.slice(request.offset, request.offset + request.perPage);
  return wrapped(key, await toJson(items), pageResult(ctx, request, all.length, items));
}
