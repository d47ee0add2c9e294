import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import type { AuthenticatedContext, Grant } from '../../http/route.ts';
import type { Poll, PollAccess, PollSession, PollViewer } from './poll-access.ts';

type PollRef = { poll_id: number } | { id: number };
type SessionRef = { poll_id: number; poll_session_id: number } | { poll_id: number; id: number };

const pollIdOf = (p: PollRef) => ('poll_id' in p ? p.poll_id : p.id);
const sessionIdOf = (p: SessionRef) => ('poll_session_id' in p ? p.poll_session_id : p.id);

/** What a poll route's rule resolved: the caller as a poll viewer, and the poll. */
export interface PollScope {
  readonly viewer: PollViewer;
  readonly poll: Poll;
}

/** What a session route's rule resolved: the poll scope and the session. */
export interface SessionScope extends PollScope {
  readonly session: PollSession;
}

/**
 * The permission rules of the poll routes. Each loads what it decides about first, so a missing poll or session
 * is a 404 and one the caller may not touch a 401 `unauthorized`; the handler gets what it loaded.
 */
export function pollRules(access: PollAccess) {
  const withPoll = (description: string, grants: Grant, check: (viewer: PollViewer, poll: Poll) => Promise<boolean> | boolean) =>
    scopedRule(description, grants, async (ctx: AuthenticatedContext, p: PollRef) => {
      const scope: PollScope = { viewer: await access.viewer(ctx.principal), poll: await access.poll(pollIdOf(p)) };
      return scopeIf(await check(scope.viewer, scope.poll), scope);
    });
  const withSession = (description: string, grants: Grant, check: (viewer: PollViewer, poll: Poll, session: PollSession) => Promise<boolean> | boolean) =>
    scopedRule(description, grants, async (ctx: AuthenticatedContext, p: SessionRef) => {
      const poll = await access.poll(p.poll_id);
      const scope: SessionScope = { viewer: await access.viewer(ctx.principal), poll, session: await access.session(poll, sessionIdOf(p)) };
      return scopeIf(await check(scope.viewer, poll, scope.session), scope);
    });
  const manages = (grants: Grant) =>
    withPoll('the poll author, or manage_content in a course the poll runs in', grants, (viewer, poll) => access.manages(viewer, poll));

  return {
    author: scopedRule('an active teacher, TA or designer enrollment in some course', 'write', async (ctx) => {
      const viewer = await access.viewer(ctx.principal);
      return scopeIf(viewer.isAuthor, viewer);
    }),
    readPoll: withPoll('the poll author, a manager of a course it runs in, or a participant in one of its sessions', 'read', (viewer, poll) =>
      access.canRead(viewer, poll),
    ),
    ownPoll: withPoll("the poll's author", 'write', (viewer, poll) => poll.data.user_id === viewer.userId),
    readManagedPoll: manages('read'),
    managePoll: manages('write'),
    readSession: withSession('a manager of the poll, or a participant in the session (active enrollment in its course/section)', 'read', (viewer, poll, session) =>
      access.canReadSession(viewer, poll, session),
    ),
    // Opening and closing a session are GETs in Canvas, and writes all the same.
    manageSession: withSession('the poll author, or manage_content in a course the poll runs in', 'write', (viewer, poll) => access.manages(viewer, poll)),
    // `own`: a student answers for themself.
    submit: withSession('a student taking part in the open session', 'own', (viewer, _poll, session) => access.canSubmit(viewer, session)),
  };
}

export type PollRules = ReturnType<typeof pollRules>;
