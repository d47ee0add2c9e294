import type { CoreServices } from '../../core-services.ts';
import { authenticated } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { pollSessionRoutes } from './poll-sessions.routes.ts';
import { NO_CONTENT, paged, pollServices, wrapped, type PollServices } from './poll-services.ts';
import {
  choiceParams,
  choicesParams,
  createChoiceParams,
  createPollParams,
  listParams,
  pollParams,
  updateChoiceParams,
  updatePollParams,
} from './polls.params.ts';

/** Polls (beta) and their choices; sessions and answers are in poll-sessions.routes.ts. */
export function pollsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const s = pollServices(services, rules.ids);
  return [...pollRoutes(s), ...choiceRoutes(s), ...pollSessionRoutes(s)];
}

function pollRoutes({ access, polls, rules }: PollServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls',
      summary: "List the caller's polls, newest first",
      params: listParams,
      permission: authenticated,
      handler: async (ctx) => {
        const viewer = await access.viewer(ctx.principal);
        return paged(ctx, 'polls', await polls.listOwn(viewer), (items) => polls.json(viewer, items));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls/:id',
      summary: 'Get a poll (total_results and user_id for its managers only)',
      params: pollParams,
      permission: rules.readPoll,
      handler: async (_ctx, _p, { viewer, poll }) => wrapped('polls', await polls.json(viewer, [poll])),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/polls',
      summary: 'Create a poll: polls[][question] (required), polls[][description]',
      params: createPollParams,
      permission: rules.author,
      handler: async (ctx, p, viewer) => wrapped('polls', await polls.json(viewer, [await polls.create(viewer, p.polls, writeStamp(ctx))])),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/polls/:id',
      summary: "Update one of the caller's polls",
      params: updatePollParams,
      permission: rules.ownPoll,
      handler: async (ctx, p, { viewer, poll }) => {
        const updated = await polls.update(poll, p.polls, writeStamp(ctx));
        return wrapped('polls', await polls.json(viewer, [updated]));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/polls/:id',
      summary: "Delete one of the caller's polls with its choices, sessions and answers (204)",
      params: pollParams,
      permission: rules.ownPoll,
      handler: async (ctx, _p, { poll }) => {
        await polls.delete(poll, writeStamp(ctx));
        return NO_CONTENT;
      },
    }),
  ];
}

function choiceRoutes({ choices, rules }: PollServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls/:poll_id/poll_choices',
      summary: "List a poll's choices in position order",
      params: choicesParams,
      permission: rules.readPoll,
      handler: async (ctx, _p, { viewer, poll }) => {
        return paged(ctx, 'poll_choices', await choices.list(poll), (items) => choices.json(viewer, poll, items));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls/:poll_id/poll_choices/:id',
      summary: 'Get a poll choice',
      params: choiceParams,
      permission: rules.readPoll,
      handler: async (_ctx, p, { viewer, poll }) => {
        const choice = await choices.get(poll, p.id);
        return wrapped('poll_choices', await choices.json(viewer, poll, [choice]));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/polls/:poll_id/poll_choices',
      summary: 'Create a poll choice: poll_choices[][text] (required), [is_correct], [position]',
      params: createChoiceParams,
      permission: rules.managePoll,
      handler: async (ctx, p, { viewer, poll }) => {
        const choice = await choices.create(poll, p.poll_choices, writeStamp(ctx));
        return wrapped('poll_choices', await choices.json(viewer, poll, [choice]));
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/polls/:poll_id/poll_choices/:id',
      summary: 'Update a poll choice',
      params: updateChoiceParams,
      permission: rules.managePoll,
      handler: async (ctx, p, { viewer, poll }) => {
        const choice = await choices.update(await choices.get(poll, p.id), p.poll_choices, writeStamp(ctx));
        return wrapped('poll_choices', await choices.json(viewer, poll, [choice]));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/polls/:poll_id/poll_choices/:id',
      summary: 'Delete a poll choice and the answers that chose it (204)',
      params: choiceParams,
      permission: rules.managePoll,
      handler: async (ctx, p, { poll }) => {
        await choices.delete(await choices.get(poll, p.id), writeStamp(ctx));
        return NO_CONTENT;
      },
    }),
  ];
}
