import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createDiscussionTopic } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { eventually } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * Announcements on synced devices: a student's device holds what the announcements API shows the student (not a
 * delayed one, not another section's), and a teacher's announcement written offline reaches the hub as theirs.
 * One device at a time: the hub and a device share this process.
 */
describe('announcements on synced devices', () => {
  let hub: TestServer;
  let course: RosterCourse;
  let posted: Json;
  let delayed: Json;
  let otherSection: Json;
  let lastOne: Json;

  const announce = (fields: Record<string, unknown>) => createDiscussionTopic(hub, course.teacher.token, course.id, { is_announcement: true, ...fields });

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Synced news');
    posted = await announce({ title: 'Posted' });
    delayed = await announce({ title: 'Next week', delayed_post_at: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    otherSection = await announce({ title: 'Section B only', specific_sections: String(course.sectionB) });
    // Written last: once it is on the device, the pull has passed every announcement before it.
    lastOne = await announce({ title: 'Last one' });
  });
  afterAll(() => hub?.stop());

  describe('a student device', () => {
    let device: TestServer;
    let token: string;
    beforeAll(async () => {
      device = await startTestServer({ hub: { url: hub.url, token: course.studentA.token } });
      token = (await device.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'device' }, fixtureStamp())).visibleToken;
    });
    afterAll(() => device?.stop());

    it('receives the posted announcements of its sections, neither a delayed one nor another section’s', async () => {
      const { discussionTopics } = device.core.services.repos;
      await eventually(() => discussionTopics.get(lastOne.id), 'the last announcement on the device');
      expect(await discussionTopics.get(posted.id)).toBeDefined();
      expect(await discussionTopics.get(delayed.id)).toBeUndefined();
      expect(await discussionTopics.get(otherSection.id)).toBeUndefined();
      // The device's API answers as the hub's does.
      const query = `/api/v1/announcements?context_codes[]=course_${course.id}&end_date=${new Date(Date.now() + 30 * 86_400_000).toISOString()}`;
      const titles = async (server: TestServer, who: string) => ((await api(server, who, 'GET', query)).json as { title: string }[]).map((t) => t.title);
      expect(await titles(device, token)).toEqual(await titles(hub, course.studentA.token));
      expect(await titles(device, token)).toEqual(['Last one', 'Posted']);
    });
  });

  describe('a teacher device offline', () => {
    let device: TestServer;
    let token: string;
    beforeAll(async () => {
      device = await startTestServer({ hub: { url: hub.url, token: course.teacher.token } });
      token = (await device.core.services.tokens.issue({ userId: course.teacher.id, purpose: 'device' }, fixtureStamp())).visibleToken;
    });
    afterAll(() => device?.stop());

    it('posts an announcement offline; it is replayed on the hub as the teacher’s', async () => {
      // A teacher's device holds the delayed announcement too, as the API shows it to them.
      await eventually(() => device.core.services.repos.discussionTopics.get(delayed.id), 'the delayed announcement on the teacher’s device');
      const hubPort = hub.port;
      await hub.close();
      const written = await api(device, token, 'POST', `/api/v1/courses/${course.id}/discussion_topics`, { title: 'Snow day', message: '<p>No school</p>', is_announcement: true });
      expect(written.status, JSON.stringify(written.json)).toBe(200);
      hub = await restartTestServer(hub, { port: hubPort });
      await eventually(async () => {
        const s = (await api(device, token, 'GET', '/api/v1/sync/status')).json as SyncStatus;
        return s.waiting === 0 ? s : undefined;
      }, 'the outbox settled', 600);
      const onHub = (await hub.core.services.repos.discussionTopics.find({ course_id: course.id })).find((t) => t.data.title === 'Snow day');
      expect(onHub?.data).toMatchObject({ user_id: course.teacher.id, is_announcement: true, message: '<p>No school</p>' });
      expect(onHub?.updated_by).toBe(course.teacher.id);
      const shown = (await api(hub, course.studentA.token, 'GET', `/api/v1/announcements?context_codes[]=course_${course.id}`)).json as { title: string; author: { id: number } }[];
      expect(shown[0]).toMatchObject({ title: 'Snow day', author: { id: course.teacher.id } });
    });
  });
});
