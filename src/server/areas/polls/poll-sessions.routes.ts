import { authenticated } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import type { PollSession, PollViewer } from './poll-access.ts';
import type { SessionScope } from './poll-rules.ts';
import { NO_CONTENT, paged, wrapped, type PollServices } from './poll-services.ts';
import { submissionJson } from './polls.serializer.ts';
import { createSessionParams, createSubmissionParams, listParams, sessionParams, sessionsParams, submissionParams, updateSessionParams } from './polls.params.ts';

/** Poll sessions (open, close, publish results via has_public_results) and the answers given in them. */
export function pollSessionRoutes(s: PollServices): AnyRoute[] {
  const { access, sessions, submissions, rules } = s;
  const shown = async (viewer: PollViewer, list: readonly PollSession[]) => wrapped('poll_sessions', await sessions.json(viewer, list));
  const available = (published: boolean) => async (ctx: AuthenticatedContext) => {
    const viewer = await access.viewer(ctx.principal);
    return paged(ctx, 'poll_sessions', await access.availableSessions(viewer, published), (items) => sessions.json(viewer, items));
  };
  const setOpen = (open: boolean) => async (ctx: AuthenticatedContext, _p: unknown, { viewer, session }: SessionScope) =>
    shown(viewer, [await sessions.setOpen(session, open, writeStamp(ctx))]);

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls/:poll_id/poll_sessions',
      summary: "List a poll's sessions",
      params: sessionsParams,
      permission: rules.readManagedPoll,
      handler: async (ctx, _p, { viewer, poll }) => {
        return paged(ctx, 'poll_sessions', await access.sessionsOf(poll.id), (items) => sessions.json(viewer, items));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls/:poll_id/poll_sessions/:id',
      summary: 'Get a poll session (results for managers, or for everyone when public)',
      params: sessionParams,
      permission: rules.readSession,
      handler: (_ctx, _p, { viewer, session }) => shown(viewer, [session]),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/polls/:poll_id/poll_sessions',
      summary: 'Create a closed poll session: poll_sessions[][course_id] (required), [course_section_id], [has_public_results]',
      params: createSessionParams,
      permission: rules.managePoll,
      handler: async (ctx, p, { viewer, poll }) => {
        return shown(viewer, [await sessions.create(viewer, poll, p.poll_sessions, writeStamp(ctx))]);
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/polls/:poll_id/poll_sessions/:id',
      summary: 'Update a poll session (has_public_results=true publishes its results)',
      params: updateSessionParams,
      permission: rules.manageSession,
      handler: async (ctx, p, { viewer, session }) => {
        return shown(viewer, [await sessions.update(viewer, session, p.poll_sessions, writeStamp(ctx))]);
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/polls/:poll_id/poll_sessions/:id',
      summary: 'Delete a poll session and its answers (204)',
      params: sessionParams,
      permission: rules.manageSession,
      handler: async (ctx, _p, { session }) => {
        await sessions.delete(session, writeStamp(ctx));
        return NO_CONTENT;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls/:poll_id/poll_sessions/:id/open',
      summary: 'Open a poll session for answers',
      params: sessionParams,
      permission: rules.manageSession,
      handler: setOpen(true),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls/:poll_id/poll_sessions/:id/close',
      summary: 'Close a poll session',
      params: sessionParams,
      permission: rules.manageSession,
      handler: setOpen(false),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/poll_sessions/opened',
      summary: "List open poll sessions in the caller's courses and sections",
      params: listParams,
      permission: authenticated,
      handler: available(true),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/poll_sessions/closed',
      summary: "List closed poll sessions in the caller's courses and sections",
      params: listParams,
      permission: authenticated,
      handler: available(false),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/polls/:poll_id/poll_sessions/:poll_session_id/poll_submissions/:id',
      summary: 'Get a poll answer (its author, or a manager of the poll)',
      params: submissionParams,
      permission: rules.readSession,
      handler: async (_ctx, p, { viewer, poll, session }) => {
        const submission = await submissions.readable(viewer, poll, session, p.id);
        return wrapped('poll_submissions', [submissionJson(submission)]);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/polls/:poll_id/poll_sessions/:poll_session_id/poll_submissions',
      summary: 'Answer an open poll session: poll_submissions[][poll_choice_id] (one answer per student)',
      params: createSubmissionParams,
      permission: rules.submit,
      handler: async (ctx, p, { viewer, poll, session }) => {
        const submission = await submissions.create(viewer, poll, session, p.poll_submissions, writeStamp(ctx));
        return wrapped('poll_submissions', [submissionJson(submission)]);
      },
    }),
  ];
}
