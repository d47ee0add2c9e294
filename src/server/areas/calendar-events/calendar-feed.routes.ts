import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { publicRule, scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { canvasString } from '../../http/params/canvas-params.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { plannerContexts } from '../planner/planner-contexts.ts';
import { profileJson } from '../users/users.serializer.ts';
import { listEventsParams } from './calendar-events.params.ts';
import { CalendarFeeds, feedUrl } from './calendar-feed.ts';
import { calendarItems, type CalendarItem } from './calendar-list.ts';
import { icalendar, type IcalEvent } from './ical.ts';

export function calendarFeedRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const feeds = new CalendarFeeds(services);
  return [
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/users/:user_id/calendar_feed',
      summary: 'Replace the caller’s calendar feed URL: the old one answers 404 from now on (Outpost’s own)',
      params: z.object({ user_id: canvasString() }),
      permission: scopedRule('the user themself; changes only their own feed', 'own', async (ctx, p: { user_id: string }) => {
        const userId = await rules.ids.userId(p.user_id, ctx.principal);
        return scopeIf(userId === ctx.principal.userId, { userId });
      }),
      // The URL names this installation's address: a device's feed is its own, never replayed on the hub.
      localOnly: true,
      handler: async (ctx, _p, { userId }) => {
        const code = await feeds.reset(userId, writeStamp(ctx));
        const user = await services.repos.users.get(userId);
        if (!user) throw new NotFoundError('user');
        return { body: profileJson(user, ctx.baseUrl, feedUrl(ctx.baseUrl, code)) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/feeds/calendars/:code.ics',
      summary: 'A user’s calendar as iCalendar (RFC 5545): their courses’ events and assignment due dates; the code is the credential',
      params: z.object({ code: canvasString() }),
      permission: publicRule('public: the feed code in the URL is the credential', 'read'),
      handler: async (ctx, p) => {
        const userId = await feeds.userOf(p.code.replace(/^user_/, ''));
        const principal = { userId, tokenId: 0, scopes: null };
        const contexts = await plannerContexts(services, principal, (await services.repos.enrollments.find({ user_id: userId })).map((e) => `course_${e.data.course_id}`));
        const all = listEventsParams.parse({ all_events: true });
        const items = [
          ...(await calendarItems(services, principal, contexts, all, ctx.now)),
          ...(await calendarItems(services, principal, contexts, { ...all, type: 'assignment' }, ctx.now)),
        ].filter((item) => (item.type === 'event' ? item.record.data.start_at : item.record.data.due_at) !== null);
        const text = icalendar('Outpost calendar', items.map((item) => icalEvent(item, ctx.baseUrl)));
        return { body: null, file: { contentType: 'text/calendar; charset=utf-8', fileName: 'calendar.ics', bytes: Buffer.from(text, 'utf8') } };
      },
    }),
  ];
}

function icalEvent(item: CalendarItem, baseUrl: string): IcalEvent {
  const host = new URL(baseUrl).host;
  if (item.type === 'event') {
    const e = item.record.data;
    return {
      uid: `event-calendar-event-${item.record.id}@${host}`,
      summary: e.title,
      description: e.description,
      location: [e.location_name, e.location_address].filter(Boolean).join(', ') || null,
      url: `${baseUrl}/calendar?event_id=${item.record.id}&include_contexts=course_${e.course_id}`,
      day: e.all_day ? e.all_day_date : null,
      start: Date.parse(e.start_at!),
      end: Date.parse(e.end_at ?? e.start_at!),
      stamp: item.record.updated_at,
    };
  }
  const a = item.record.data;
  const due = Date.parse(a.due_at!);
  return {
    uid: `event-assignment-${item.record.id}@${host}`,
    summary: `${a.name} [${item.course.data.course_code}]`,
    description: a.description,
    location: null,
    url: `${baseUrl}/courses/${a.course_id}/assignments/${item.record.id}`,
    day: null,
    start: due,
    end: due,
    stamp: item.record.updated_at,
  };
}
