import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createDiscussionTopic } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { eventually, startDeviceOf } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * Announcements and the inbox on synced devices: a student's device holds what the announcements API shows the
 * student (not a delayed one, not another section's) and only the conversations they take part in; a teacher's
 * announcement written offline reaches the hub as theirs. One device at a time: the hub and a device share this
 * process.
 */
describe('announcements and conversations on synced devices', () => {
  let hub: TestServer;
  let course: RosterCourse;
  let posted: Json;
  let delayed: Json;
  let otherSection: Json;
  let lastOne: Json;
  let mine: Json;
  let theirs: Json;
  let later: Json;
  const converse = async (token: string, recipients: number[], body: string, extra: Record<string, unknown> = {}) => {
    const res = await api(hub, token, 'POST', '/api/v1/conversations', { recipients: recipients.map(String), body, ...extra });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return (res.json as Json[])[0]!;
  };

  const announce = (fields: Record<string, unknown>) => createDiscussionTopic(hub, course.teacher.token, course.id, { is_announcement: true, ...fields });

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Synced news');
    posted = await announce({ title: 'Posted' });
    delayed = await announce({ title: 'Next week', delayed_post_at: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    otherSection = await announce({ title: 'Section B only', specific_sections: String(course.sectionB) });
    mine = await converse(course.studentA.token, [course.teacher.id], 'Can I hand in late?');
    theirs = await converse(course.studentB.token, [course.teacher.id], 'My grade, privately');
    later = await converse(course.teacher.token, [course.ta.id], 'Staff only, for now', { group_conversation: true });
    // Written last: once it is on the device, the pull has passed every announcement before it.
    lastOne = await announce({ title: 'Last one' });
  });
  afterAll(() => hub?.stop());

  describe('a student device', () => {
    let device: TestServer;
    let token: string;
    beforeAll(async () => {
      ({ device, token } = await startDeviceOf(hub, course.studentA));
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

    it('holds its own conversation and its messages, never a classmate’s or one it is not in', async () => {
      const { conversations, conversationMessages } = device.core.services.repos;
      await eventually(() => conversations.get(mine.id), 'the student’s conversation on the device');
      await eventually(async () => ((await conversationMessages.find({ parent_id: mine.id })).length === 1 ? true : undefined), 'its message');
      expect(await conversations.get(theirs.id)).toBeUndefined();
      expect(await conversations.get(later.id)).toBeUndefined();
      const hubMessages = await hub.core.services.repos.conversationMessages.find({ parent_id: theirs.id });
      for (const m of hubMessages) expect(await conversationMessages.get(m.id)).toBeUndefined();
      const onDevice = (await api(device, token, 'GET', '/api/v1/conversations')).json as Json[];
      expect(onDevice.map((c) => c.id)).toEqual([mine.id]);
      expect((await api(device, token, 'GET', `/api/v1/conversations/${theirs.id}`)).status).toBe(404);
    });

    it('receives the earlier messages of a conversation once added to it', async () => {
      const added = await api(hub, course.teacher.token, 'POST', `/api/v1/conversations/${later.id}/add_recipients`, { recipients: [String(course.studentA.id)] });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
      const messages = await eventually(async () => {
        const found = await device.core.services.repos.conversationMessages.find({ parent_id: later.id });
        return found.length === 1 ? found : undefined;
      }, 'the earlier message on the device');
      expect(messages[0]!.data.body).toBe('Staff only, for now');
    });
  });

  describe('a teacher device offline', () => {
    let device: TestServer;
    let token: string;
    beforeAll(async () => {
      ({ device, token } = await startDeviceOf(hub, course.teacher));
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
