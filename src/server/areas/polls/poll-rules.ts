import { allowIf } from '../../http/permission-rules.ts';
import type { AuthenticatedContext } from '../../http/route.ts';
import type { Poll, PollAccess, PollSession, PollViewer } from './poll-access.ts';

type PollRef = { poll_id: number } | { id: number };
type SessionRef = { poll_id: number; poll_session_id: number } | { poll_id: number; id: number };

const pollIdOf = (p: PollRef) => ('poll_id' in p ? p.poll_id : p.id);
const sessionIdOf = (p: SessionRef) => ('poll_session_id' in p ? p.poll_session_id : p.id);

/**
 * The permission rules of the poll routes. Each loads what it decides about first, so a missing poll or session
 * is a 404 and one the caller may not touch a 401 `unauthorized`.
 */
export function pollRules(access: PollAccess) {
  const withPoll = (description: string, check: (viewer: PollViewer, poll: Poll) => Promise<boolean> | boolean) =>
    allowIf(description, async (ctx: AuthenticatedContext, p: PollRef) => check(await access.viewer(ctx.principal), await access.poll(pollIdOf(p))));
  const withSession = (description: string, check: (viewer: PollViewer, poll: Poll, session: PollSession) => Promise<boolean> | boolean) =>
    allowIf(description, async (ctx: AuthenticatedContext, p: SessionRef) => {
      const poll = await access.poll(p.poll_id);
      return check(await access.viewer(ctx.principal), poll, await access.session(poll, sessionIdOf(p)));
    });

  return {
    author: allowIf('an active teacher, TA or designer enrollment in some course', async (ctx) => (await access.viewer(ctx.principal)).isAuthor),
    readPoll: withPoll('the poll author, a manager of a course it runs in, or a participant in one of its sessions', (viewer, poll) =>
      access.canRead(viewer, poll),
    ),
    ownPoll: withPoll("the poll's author", (viewer, poll) => poll.data.user_id === viewer.userId),
    managePoll: withPoll('the poll author, or manage_content in a course the poll runs in', (viewer, poll) =>
      access.manages(viewer, poll),
    ),
    readSession: withSession('a manager of the poll, or a participant in the session (active enrollment in its course/section)', (viewer, poll, session) =>
      access.canReadSession(viewer, poll, session),
    ),
    manageSession: withSession('the poll author, or manage_content in a course the poll runs in', (viewer, poll) =>
      access.manages(viewer, poll),
    ),
    submit: withSession('a student taking part in the open session', (viewer, _poll, session) => access.canSubmit(viewer, session)),
  };
}

export type PollRules = ReturnType<typeof pollRules>;
