import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Event = Record<string, unknown> & { id: number | string; title: string; start_at: string | null; end_at: string | null };

describe('calendar events API', () => {
  let server: TestServer;
  let course: RosterCourse;
  let other: RosterCourse;
  const create = (token: string, fields: Record<string, unknown>, who = course) =>
    api(server, token, 'POST', '/api/v1/calendar_events', { calendar_event: { context_code: `course_${who.id}`, ...fields } });
  const created = async (fields: Record<string, unknown>) => {
    const res = await create(course.teacher.token, fields);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as Event;
  };
  const list = async (token: string, query: string) => {
    const res = await api(server, token, 'GET', `/api/v1/calendar_events?context_codes[]=course_${course.id}&${query}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Event[];
  };

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'calendar-admin' });
    course = await createRosterCourse(server, 'Calendar 1');
    other = await createRosterCourse(server, 'Calendar 2');
    // The course's zone decides what an all-day due date is (decision 0058).
    expect((await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}`, { course: { time_zone: 'America/Denver' } })).status).toBe(200);
  });
  afterAll(() => server.stop());

  it('401 without a token; 401 for students and outsiders writing; 404 for unknown events and courses', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', '/api/v1/calendar_events'));
    expectInvalidToken(await api(server, undefined, 'POST', '/api/v1/calendar_events', {}));
    for (const who of [course.studentA, course.observer, course.outsider]) expectUnauthorized(await create(who.token, { title: 'Party', start_at: '2030-01-01T10:00:00Z' }));
    expectNotFound(await create(course.teacher.token, { title: 'x' }, { ...course, id: 999999 }));
    expectNotFound(await api(server, course.teacher.token, 'GET', '/api/v1/calendar_events/999999'));
  });

  it('400 on bad input: context, dates, an end before the start, an rrule it cannot repeat', async () => {
    for (const [fields, field] of [
      [{ context_code: 'account_1' }, 'context_code'],
      [{ context_code: `user_${course.teacher.id}` }, 'context_code'],
      [{ start_at: 'soon' }, 'start_at'],
      [{ start_at: '2030-01-02T10:00:00Z', end_at: '2030-01-01T10:00:00Z' }, 'end_at'],
      [{ start_at: '2030-01-01T10:00:00Z', rrule: 'FREQ=MONTHLY;COUNT=3' }, 'rrule'],
      [{ start_at: '2030-01-01T10:00:00Z', rrule: 'FREQ=DAILY' }, 'rrule'],
      [{ start_at: '2030-01-01T10:00:00Z', rrule: 'FREQ=DAILY;COUNT=201' }, 'rrule'],
    ] as const) {
      const res = await create(course.teacher.token, { title: 'Bad', ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(res.json), JSON.stringify(fields)).toContain(field);
    }
    expect(await list(course.teacher.token, 'all_events=true')).toEqual([]);
  });

  it('a teacher creates, changes and deletes an event; members read it, outsiders may not', async () => {
    const event = await created({ title: 'Field trip', description: '<p>Boots</p><script>x()</script>', start_at: '2030-05-01T15:00:00Z', end_at: '2030-05-01T18:00:00Z', location_name: 'Museum', time_zone_edited: 'America/Denver' });
    expect(event).toMatchObject({ title: 'Field trip', description: '<p>Boots</p>', context_code: `course_${course.id}`, location_name: 'Museum', all_day: false, type: 'event', workflow_state: 'active', time_zone_edited: 'America/Denver' });
    const path = `/api/v1/calendar_events/${event.id}`;
    for (const who of [course.studentA, course.observer, course.ta]) expect((await api(server, who.token, 'GET', path)).json).toMatchObject({ title: 'Field trip' });
    expectUnauthorized(await api(server, course.outsider.token, 'GET', path));
    expectUnauthorized(await api(server, other.teacher.token, 'GET', path));
    expectUnauthorized(await api(server, course.studentA.token, 'PUT', path, { calendar_event: { title: 'Mine' } }));
    expectUnauthorized(await api(server, course.studentA.token, 'DELETE', path));

    const changed = await api(server, course.teacher.token, 'PUT', path, { calendar_event: { title: 'Field trip (rain)', location_name: null } });
    expect(changed.json).toMatchObject({ title: 'Field trip (rain)', location_name: null, description: '<p>Boots</p>', start_at: '2030-05-01T15:00:00Z' });
    const deleted = await api(server, course.teacher.token, 'DELETE', path);
    expect(deleted.json).toMatchObject({ id: event.id, workflow_state: 'deleted' });
    expectNotFound(await api(server, course.teacher.token, 'GET', path));
  });

  it('an all-day event sits at the start of its day in the course’s zone', async () => {
    const event = await created({ title: 'Holiday', start_at: '2030-07-04T15:00:00Z', all_day: true });
    expect(event).toMatchObject({ all_day: true, all_day_date: '2030-07-04', start_at: '2030-07-04T06:00:00Z', end_at: '2030-07-04T06:00:00Z' });
  });

  it('lists by window: today by default, start_date..end_date overlapping, undated, all_events; excludes[]=description', async () => {
    const c = await createRosterCourse(server, 'Calendar window');
    const make = (title: string, start_at?: string, end_at?: string) =>
      api(server, c.teacher.token, 'POST', '/api/v1/calendar_events', { calendar_event: { context_code: `course_${c.id}`, title, description: '<p>d</p>', ...(start_at ? { start_at } : {}), ...(end_at ? { end_at } : {}) } });
    const now = new Date();
    await make('Today', new Date(now.getTime() + 60_000).toISOString());
    await make('March', '2031-03-10T10:00:00Z', '2031-03-10T12:00:00Z');
    await make('Spanning', '2031-03-09T22:00:00Z', '2031-03-11T02:00:00Z');
    await make('Someday');
    const titles = async (query: string) => ((await api(server, c.studentA.token, 'GET', `/api/v1/calendar_events?context_codes[]=course_${c.id}&${query}`)).json as Event[]).map((e) => e.title);
    if (now.getUTCHours() < 23) expect(await titles('')).toEqual(['Today']);
    expect(await titles('start_date=2031-03-10&end_date=2031-03-10')).toEqual(['Spanning', 'March']);
    expect(await titles('start_date=2031-03-10T13:00:00Z&end_date=2031-03-12')).toEqual(['Spanning']);
    expect(await titles('undated=true')).toEqual(['Someday']);
    expect((await titles('all_events=true')).sort()).toEqual(['March', 'Someday', 'Spanning', 'Today']);
    const [first] = (await api(server, c.studentA.token, 'GET', `/api/v1/calendar_events?context_codes[]=course_${c.id}&all_events=true&excludes[]=description`)).json as Event[];
    expect(first).not.toHaveProperty('description');
    // Without context_codes: the personal calendar, which Outpost does not keep; unreadable courses are dropped.
    expect(await titles('all_events=true&context_codes[]=course_1')).toHaveLength(4);
    expect(((await api(server, c.studentA.token, 'GET', '/api/v1/calendar_events?all_events=true')).json as Event[])).toEqual([]);
    expect(((await api(server, c.outsider.token, 'GET', `/api/v1/calendar_events?all_events=true&context_codes[]=course_${c.id}`)).json as Event[])).toEqual([]);
    expect((await api(server, c.studentA.token, 'GET', `/api/v1/calendar_events?context_codes[]=course_${c.id}&start_date=2031-03-10&end_date=2031-03-01`)).status).toBe(400);
    expect((await api(server, c.studentA.token, 'GET', `/api/v1/calendar_events?context_codes[]=course_${c.id}&start_date=later`)).status).toBe(400);
  });

  it('a weekly series with COUNT: one event per occurrence; which=one|following|all on update and delete', async () => {
    const first = await created({ title: 'Lab', start_at: '2030-03-05T16:00:00Z', end_at: '2030-03-05T17:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=4' });
    expect(first).toMatchObject({ series_head: true, rrule: 'FREQ=WEEKLY;COUNT=4' });
    const series = async () =>
      (await list(course.studentA.token, 'start_date=2030-03-01&end_date=2030-04-30')).filter((e) => e.series_uuid === first.series_uuid).map((e) => [e.title, e.start_at]);
    // Denver moves to summer time on 2030-03-10: the class keeps its 9:00 wall-clock hour.
    expect(await series()).toEqual([
      ['Lab', '2030-03-05T16:00:00Z'],
      ['Lab', '2030-03-12T15:00:00Z'],
      ['Lab', '2030-03-19T15:00:00Z'],
      ['Lab', '2030-03-26T15:00:00Z'],
    ]);
    const events = (await list(course.teacher.token, 'start_date=2030-03-01&end_date=2030-04-30')).filter((e) => e.series_uuid === first.series_uuid);
    const put = (e: Event, which: string, fields: Record<string, unknown>) => api(server, course.teacher.token, 'PUT', `/api/v1/calendar_events/${e.id}`, { which, calendar_event: fields });
    expect((await put(events[1]!, 'one', { title: 'Lab (moved room)' })).status).toBe(200);
    expect((await put(events[2]!, 'following', { title: 'Lab B' })).status).toBe(200);
    expect(await series()).toEqual([
      ['Lab', '2030-03-05T16:00:00Z'],
      ['Lab (moved room)', '2030-03-12T15:00:00Z'],
      ['Lab B', '2030-03-19T15:00:00Z'],
      ['Lab B', '2030-03-26T15:00:00Z'],
    ]);
    // A new start for the whole series moves every occurrence by as much.
    expect((await put(events[0]!, 'all', { start_at: '2030-03-05T17:00:00Z', end_at: '2030-03-05T18:00:00Z' })).status).toBe(200);
    expect((await series()).map(([, start]) => start)).toEqual(['2030-03-05T17:00:00Z', '2030-03-12T16:00:00Z', '2030-03-19T16:00:00Z', '2030-03-26T16:00:00Z']);
    expect((await api(server, course.teacher.token, 'DELETE', `/api/v1/calendar_events/${events[2]!.id}?which=following`)).status).toBe(200);
    expect(await series()).toHaveLength(2);
    expect((await api(server, course.teacher.token, 'DELETE', `/api/v1/calendar_events/${events[0]!.id}?which=all`)).status).toBe(200);
    expect(await series()).toEqual([]);
  });

  it('a daily series with UNTIL and a weekly one with BYDAY', async () => {
    const daily = await created({ title: 'Standup', start_at: '2032-01-01T09:00:00Z', rrule: 'FREQ=DAILY;INTERVAL=2;UNTIL=20320107' });
    const weekly = await created({ title: 'Seminar', start_at: '2032-02-02T18:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3' });
    const all = await list(course.studentA.token, 'start_date=2032-01-01&end_date=2032-03-01');
    const starts = (uuid: unknown) => all.filter((e) => e.series_uuid === uuid).map((e) => e.start_at!.slice(0, 10));
    expect(starts(daily.series_uuid)).toEqual(['2032-01-01', '2032-01-03', '2032-01-05', '2032-01-07']);
    expect(starts(weekly.series_uuid)).toEqual(['2032-02-02', '2032-02-04', '2032-02-09']);
  });

  it('assignment due dates appear as assignment events, all_day when due at 23:59 in the course’s zone; drafts only for teachers', async () => {
    const dueDay = await createAssignment(server, course.teacher.token, course.id, { name: 'Essay', published: true, due_at: '2030-09-15' });
    const noon = await createAssignment(server, course.teacher.token, course.id, { name: 'Quiz prep', published: true, due_at: '2030-09-15T18:00:00Z' });
    const draft = await createAssignment(server, course.teacher.token, course.id, { name: 'Draft', published: false, due_at: '2030-09-15T19:00:00Z' });
    await createAssignment(server, course.teacher.token, course.id, { name: 'Whenever', published: true });
    const window = 'type=assignment&start_date=2030-09-15&end_date=2030-09-16';
    const forStudent = await list(course.studentA.token, window);
    expect(forStudent.map((e) => e.id)).toEqual([`assignment_${noon.id}`, `assignment_${dueDay.id}`]);
    expect(forStudent[1]).toMatchObject({ title: 'Essay', type: 'assignment', all_day: true, all_day_date: '2030-09-15', start_at: '2030-09-16T05:59:59Z', context_code: `course_${course.id}`, assignment: { id: dueDay.id } });
    expect(forStudent[0]).toMatchObject({ all_day: false });
    expect((await list(course.teacher.token, window)).map((e) => e.id)).toContain(`assignment_${draft.id}`);
    expect((await list(course.observer.token, window)).map((e) => e.id)).not.toContain(`assignment_${draft.id}`);
    expect((await list(course.studentA.token, 'type=assignment&undated=true')).map((e) => e.title)).toEqual(['Whenever']);
    const bare = await list(course.studentA.token, `${window}&excludes[]=assignment`);
    expect(bare[0]).not.toHaveProperty('assignment');
  });

  it('GET /users/:id/calendar_events: one’s own, an observed student’s, nobody else’s', async () => {
    const query = `context_codes[]=course_${course.id}&all_events=true`;
    const own = await api(server, course.studentA.token, 'GET', `/api/v1/users/self/calendar_events?${query}`);
    expect(own.status).toBe(200);
    const observed = await api(server, course.observer.token, 'GET', `/api/v1/users/${course.studentA.id}/calendar_events?${query}`);
    expect(observed.json).toEqual(own.json);
    expectUnauthorized(await api(server, course.studentB.token, 'GET', `/api/v1/users/${course.studentA.id}/calendar_events?${query}`));
    expectNotFound(await api(server, course.studentB.token, 'GET', `/api/v1/users/999999/calendar_events?${query}`));
  });

  describe('the iCal feed', () => {
    const profile = async (token: string) => (await api(server, token, 'GET', '/api/v1/users/self/profile')).json as { id: number; calendar: { ics: string } };
    const fetchFeed = (url: string) => fetch(url);

    it('is a private URL in the profile, valid RFC 5545 (CRLF, folding, escaping), with events and due dates', async () => {
      await created({ title: 'Concert; choir, band', description: `<p>${'Long line '.repeat(20)}</p>`, start_at: '2030-11-01T19:00:00Z', end_at: '2030-11-01T21:00:00Z', location_name: 'Hall' });
      await created({ title: 'Snow day', start_at: '2030-12-01T15:00:00Z', all_day: true });
      const mine = await profile(course.studentA.token);
      expect(mine.id).toBe(course.studentA.id);
      expect(mine.calendar.ics).toMatch(new RegExp(`^${server.url}/feeds/calendars/user_[0-9a-f]{40}\\.ics$`));
      expect((await profile(course.studentA.token)).calendar.ics).toBe(mine.calendar.ics);
      expect((await profile(course.studentB.token)).calendar.ics).not.toBe(mine.calendar.ics);
      expectUnauthorized(await api(server, course.studentB.token, 'GET', `/api/v1/users/${course.studentA.id}/profile`));

      const res = await fetchFeed(mine.calendar.ics);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/calendar');
      const text = await res.text();
      expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
      const unfolded = text.replace(/\r\n /g, '');
      expect(unfolded).toContain('SUMMARY:Concert\\; choir\\, band');
      expect(unfolded).toContain('DTSTART:20301101T190000Z');
      expect(unfolded).toContain('LOCATION:Hall');
      expect(unfolded).toContain('DTSTART;VALUE=DATE:20301201\r\nDTEND;VALUE=DATE:20301202');
      expect(unfolded).toContain('SUMMARY:Essay [Calendar 1]');
      expect(unfolded).not.toContain('SUMMARY:Draft');
      expect(unfolded).not.toContain('<p>');
      expect(unfolded.match(/BEGIN:VEVENT/g)?.length).toBe(unfolded.match(/END:VEVENT/g)?.length);
    });

    it('is revoked by DELETE /users/self/calendar_feed: the old URL answers 404, the new one works', async () => {
      const before = await profile(course.studentB.token);
      const reset = await api(server, course.studentB.token, 'DELETE', '/api/v1/users/self/calendar_feed');
      expect(reset.status).toBe(200);
      const after = (reset.json as { calendar: { ics: string } }).calendar.ics;
      expect(after).not.toBe(before.calendar.ics);
      expect((await fetchFeed(before.calendar.ics)).status).toBe(404);
      expect((await fetchFeed(after)).status).toBe(200);
      expect((await fetchFeed(`${server.url}/feeds/calendars/user_${'0'.repeat(40)}.ics`)).status).toBe(404);
      expect((await fetchFeed(`${server.url}/feeds/calendars/nonsense.ics`)).status).toBe(404);
      expectUnauthorized(await api(server, course.studentA.token, 'DELETE', `/api/v1/users/${course.studentB.id}/calendar_feed`));
    });
  });
});
