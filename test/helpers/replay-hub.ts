import { afterAll, beforeAll, expect } from 'vitest';
import { REPLICA_LIMIT } from '../../src/server/domain/ids.ts';
import { api, type FixtureUser } from './api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from './enrollment-fixtures.ts';
import { startTestServer, type TestServer } from './server.ts';
import { replayEntry, type ReplayAnswer } from './sync-fixtures.ts';

type ReplayResults = ReplayAnswer['results'];

/**
 * One hub with a roster course, and a device number to send `POST /api/v1/sync/replay` under: the setup of the
 * tests that send a device's outbox entries straight to the hub, as a user with `curl` and their own token would.
 * Call it inside a `describe`; the fields are set before the first test runs.
 */
export class ReplayHub {
  hub!: TestServer;
  course!: RosterCourse;
  device = 0;

  constructor(courseName: string) {
    beforeAll(async () => {
      this.hub = await startTestServer();
      this.course = await createRosterCourse(this.hub, courseName);
      // Any replica other than the hub's own: the device's ids are composed with it.
      this.device = (this.hub.core.services.sync.ids.replica % (REPLICA_LIMIT - 2)) + 1;
    });
    afterAll(() => this.hub.stop());
  }

  /** Sends the entries with the token, fails the test unless the request itself is a 200; the per-entry answers. */
  async replay(token: string, entries: unknown[], device = this.device): Promise<ReplayResults> {
    const res = await api(this.hub, token, 'POST', '/api/v1/sync/replay', { device, entries });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json as ReplayAnswer).results;
  }

  /** The path parameters of a submission route, as strings (how a device's outbox records them). */
  ids(assignmentId: number, userId?: number) {
    return {
      course_id: String(this.course.id),
      assignment_id: String(assignmentId),
      ...(userId === undefined ? {} : { user_id: String(userId) }),
    };
  }

  /**
   * Makes one write as `user` over REST, then the same write as that user's outbox entry, and expects the hub to
   * answer the entry exactly as REST answered: the same status, refused when REST refused. Returns both answers.
   */
  async sameAsRest(user: FixtureUser, method: string, route: string, params: Record<string, unknown>) {
    const rest = await api(this.hub, user.token, method, pathOf(route, params), params);
    const [result] = await this.replay(user.token, [replayEntry(user.id, method, route, params)]);
    expect(result, JSON.stringify(rest.json)).toMatchObject({ outcome: rest.status >= 400 ? 'refused' : 'applied', status: rest.status });
    // The same error, too: the hub's message is the first one of REST's error body.
    if (result?.message) expect(JSON.stringify(rest.json)).toContain(result.message);
    return { rest, result: result! };
  }

  /** `sameAsRest` for an attack: REST refuses it (4xx), so the hub refuses the entry with the same status and error. */
  async refusedAsOverRest(user: FixtureUser, method: string, route: string, params: Record<string, unknown>) {
    const answers = await this.sameAsRest(user, method, route, params);
    expect(statusClass(answers.rest.status), JSON.stringify(answers.rest.json)).toBe(4);
    return answers;
  }
}

/** A route template filled in with the entry's path parameters. */
function pathOf(route: string, params: Record<string, unknown>): string {
  return route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

const statusClass = (status: number) => Math.floor(status / 100);
