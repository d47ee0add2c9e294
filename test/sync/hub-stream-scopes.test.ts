import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Access } from '../../src/server/domain/access.ts';
import { allDeclarations, RECORD_DECLARATIONS, type RepositoryName } from '../../src/server/domain/declarations/index.ts';
import type { Repositories } from '../../src/server/domain/repositories.ts';
import { PULL_COLLECTIONS, type PullCollection } from '../../src/server/sync/sync-partitions.ts';
import { computeSyncScope } from '../../src/server/sync/sync-scope.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createItem, createPublishedModule, updateModule } from '../helpers/module-fixtures.ts';
import { coursePages, createPage, updatePage } from '../helpers/page-fixtures.ts';
import { createPoll, createSession } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { openEventStream, type OpenStream } from '../helpers/sync-stream.ts';
import { gradeAs } from '../helpers/submission-fixtures.ts';

type Device = Record<PullCollection, OpenStream>;

/**
 * The hub keeps each listening user's scope between bursts of changes and computes it again only for a change it
 * reads (decision 0089): what the declarations call `scopes`. A change that moves a scope still reaches its streams.
 */
describe('hub event streams keep scopes between bursts', () => {
  let hub: TestServer;
  let course: RosterCourse;
  const computations = () => hub.core.services.sync.changes.scopeComputations;
  const lockedModuleAt = () => new Date(Date.now() + 86_400_000).toISOString();

  async function openDevice(token: string): Promise<Device> {
    const streams = await Promise.all(PULL_COLLECTIONS.map(async (collection) => [collection, await openEventStream(hub, token, collection)] as const));
    for (const [, stream] of streams) await stream.next('resync');
    return Object.fromEntries(streams) as Device;
  }
  const closeAll = (...devices: Device[]) => devices.forEach((device) => Object.values(device).forEach((stream) => stream.close()));

  /** Amy's and Ben's devices, their scopes kept by the hub after one burst both hear. */
  async function listening(of = course): Promise<[Device, Device]> {
    const amy = await openDevice(of.studentA.token);
    const ben = await openDevice(of.studentB.token);
    await createAssignment(hub, of.teacher.token, of.id, { name: 'Warm-up', published: true });
    for (const device of [amy, ben]) await device.course.next('changed');
    return [amy, ben];
  }

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Kept 101');
  });
  afterAll(() => hub?.stop());

  it('computes no scope for a burst no scope reads, and every stream still hears what concerns it', async () => {
    const [amy, ben] = await listening();
    try {
      const before = computations();
      // A grade on Ben's submission: Ben's course work, which Amy's streams skip.
      const graded = await createAssignment(hub, course.teacher.token, course.id, { name: 'Essay', published: true, points_possible: 10 });
      await amy.course.next('changed');
      await gradeAs(hub, course.teacher.token, course.id, graded.id, course.studentB.id, { posted_grade: 8 });
      await ben.course_user.next('changed');
      // A page published: content, judged by the page itself.
      const page = await createPage(hub, course.teacher.token, coursePages(course.id), { title: 'Notes', published: false });
      await updatePage(hub, course.teacher.token, coursePages(course.id), page.url, { published: true });
      await amy.course.next('changed');
      expect(computations() - before).toBe(0);
    } finally {
      closeAll(amy, ben);
    }
  });

  it('judges written content again in a kept scope: a new locked assignment moves the course fingerprint', async () => {
    const [amy, ben] = await listening();
    try {
      const before = computations();
      await createAssignment(hub, course.teacher.token, course.id, { name: 'Later', published: true, unlock_at: lockedModuleAt() });
      for (const device of [amy, ben]) expect(JSON.parse((await device.course.next('resync')).data)).toEqual({ reason: 'scope' });
      expect(computations() - before).toBe(0);
    } finally {
      closeAll(amy, ben);
    }
  });

  it('computes the scopes again for a module unlocked, and the course streams resync', async () => {
    const module = await createPublishedModule(hub, course.teacher.token, course.id, { name: 'Next week', unlock_at: lockedModuleAt() });
    const page = await createPage(hub, course.teacher.token, coursePages(course.id), { title: 'Behind the module', published: true });
    const item = await createItem(hub, course.teacher.token, course.id, module.id, { type: 'Page', page_url: page.url });
    await api(hub, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/modules/${module.id}/items/${item.id}`, { module_item: { published: true } });
    const [amy, ben] = await listening();
    try {
      const before = computations();
      await updateModule(hub, course.teacher.token, course.id, module.id, { unlock_at: null });
      for (const device of [amy, ben]) expect(JSON.parse((await device.course.next('resync')).data)).toEqual({ reason: 'scope' });
      expect(computations() - before).toBe(2);
    } finally {
      closeAll(amy, ben);
    }
  });

  it('computes the scope again for an enrollment removed: the course leaves it, and its changes stop reaching the stream', async () => {
    // A course of its own: Amy leaves it.
    const left = await createRosterCourse(hub, 'Left 101');
    const [amy, ben] = await listening(left);
    try {
      const removed = await api(hub, left.teacher.token, 'DELETE', `/api/v1/courses/${left.id}/enrollments/${left.enrollmentIds.studentA}?task=delete`);
      expect(removed.status).toBe(200);
      expect(JSON.parse((await amy.course.next('resync')).data)).toEqual({ reason: 'scope' });
      await createAssignment(hub, left.teacher.token, left.id, { name: 'Not for Amy', published: true });
      // Amy's streams are served before Ben's (they opened first): once Ben heard it, Amy's turn has passed.
      await ben.course.next('changed');
      await expect(amy.course.next('changed', 300)).rejects.toThrow(/timed out/);
    } finally {
      closeAll(amy, ben);
    }
  });

  it('serves a connect from the scope kept for its user', async () => {
    const [amy, ben] = await listening();
    const connects = hub.core.services.sync.changes.connectComputations;
    const laptop = await openDevice(course.studentA.token);
    try {
      expect(hub.core.services.sync.changes.connectComputations - connects).toBe(0);
    } finally {
      closeAll(amy, ben, laptop);
    }
  });

  it('reads for a scope exactly the record types declared to feed scopes', async () => {
    const reviewed = await createRosterCourse(hub, 'Declared 101');
    const module = await createPublishedModule(hub, reviewed.teacher.token, reviewed.id, { name: 'Week 1' });
    const page = await createPage(hub, reviewed.teacher.token, coursePages(reviewed.id), { title: 'Read me', published: true });
    await createItem(hub, reviewed.teacher.token, reviewed.id, module.id, { type: 'Page', page_url: page.url });
    const poll = await createPoll(hub, reviewed.teacher.token);
    await createSession(hub, reviewed.teacher.token, poll.id, { course_id: reviewed.id });
    const read = new Set<string>();
    const { repos } = hub.core.services;
    // Every repository, recording the reads made of it (its change subscriptions are not reads).
    const recording = new Proxy(repos, {
      get: (target, name: string) => {
        const repo = target[name as keyof Repositories] as object;
        return new Proxy(repo, {
          get: (r, method: string) => {
            const value = Reflect.get(r, method) as unknown;
            if (typeof value !== 'function') return value;
            if (!method.startsWith('on')) read.add(name);
            return (value as (...args: unknown[]) => unknown).bind(r);
          },
        });
      },
    }) as Repositories;
    const access = new Access(recording);
    for (const user of [reviewed.studentA, reviewed.teacher]) {
      await computeSyncScope({ userId: user.id, tokenId: 0, scopes: null }, recording, access, { now: Date.now(), locks: true });
    }
    const byType = new Map(Object.entries(RECORD_DECLARATIONS).map(([name, declaration]) => [declaration.type as string, name as RepositoryName]));
    const declared = new Set(allDeclarations().filter((declaration) => declaration.scopes !== 'none').map((declaration) => byType.get(declaration.type)!));
    expect([...read].sort()).toEqual([...declared].sort());
  });
});
