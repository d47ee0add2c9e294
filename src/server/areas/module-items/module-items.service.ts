import type { CoreServices } from '../../core-services.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { ModuleData, ModuleItemData } from '../../domain/records/module-records.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import type { ModuleViewer } from '../modules/module-viewer.ts';
import { ModulesService } from '../modules/modules.service.ts';
import { closeGap, insertAt, moveTo, nextPosition, positionsOf, shifted, type PositionChanges } from '../modules/positions.ts';
import { setContentPublished } from './content-publish.ts';
import { renameContent } from './content-rename.ts';
import { requireContent } from './item-content.ts';
import { parseContentId, parseExternalUrl, parseItemType, parseRequirement } from './item-rules.ts';
import type { ItemFields } from './module-items.params.ts';

export interface LocatedItem {
  module: Stored<ModuleData>;
  item: Stored<ModuleItemData>;
}

/** Module items (Canvas's content tags): per-type validation, positions, moves between modules, draft state. */
export class ModuleItemsService {
  readonly #services: CoreServices;
  readonly modules: ModulesService;

  constructor(services: CoreServices) {
    this.#services = services;
    this.modules = new ModulesService(services);
  }

  get #repo() {
    return this.#services.repos.moduleItems;
  }

  /** 404 unless the item is an active item of that module, and (for students) both are published. */
  async get(viewer: ModuleViewer, moduleId: number, id: number): Promise<LocatedItem> {
    const module = await this.modules.get(viewer, moduleId);
    const item = await this.#repo.get(id);
    if (!item || item.data.module_id !== module.id || item.data.workflow_state !== 'active') throw new NotFoundError('module item');
    if (!item.data.published && !viewer.canManage) throw new NotFoundError('module item');
    return { module, item };
  }

  /** Validates everything (type, content, requirement) before anything is written. */
  async create(viewer: ModuleViewer, moduleId: number, f: ItemFields | undefined, stamp: WriteStamp): Promise<Stored<ModuleItemData>> {
    if (!f) throw new BadRequestError('missing module item parameter');
    const module = await this.modules.get(viewer, moduleId);
    const type = parseItemType(f.type);
    const courseId = viewer.courseId;
    let data: ModuleItemData = {
      course_id: courseId,
      module_id: module.id,
      position: 0,
      title: f.title ?? '',
      indent: f.indent ?? 0,
      type,
      content_id: null,
      page_url: null,
      external_url: null,
      new_tab: false,
      completion_requirement: null,
      // SubHeaders and links start unpublished; content items copy their content's state (below).
      published: false,
      workflow_state: 'active',
    };
    if (type === 'ExternalUrl' || type === 'ExternalTool') {
      data.external_url = parseExternalUrl(f.external_url);
      if (data.title === '') data.title = data.external_url;
    }
    if (type === 'ExternalTool') {
      data.content_id = parseContentId(f.content_id);
      data.new_tab = f.new_tab ?? false;
    } else if (type === 'Page' || (type !== 'SubHeader' && type !== 'ExternalUrl')) {
      const ref = type === 'Page' ? { content_id: null, page_url: f.page_url?.trim() || null } : { content_id: parseContentId(f.content_id), page_url: null };
      const content = await requireContent(this.#services.repos, courseId, type, ref);
      data = { ...data, ...ref, published: content.published, title: data.title === '' ? content.title : data.title };
    }
    if (data.title === '') throw ValidationError.field('title', "can't be blank", 'blank');
    data.completion_requirement = parseRequirement(f.completion_requirement, type) ?? null;
    // The siblings' shift and the insert are one write, retried from a fresh read if the list changed meanwhile.
    return retryStale(async () => {
      const siblings = await this.#siblings(module.id);
      const slots = positionsOf(siblings);
      const position = f.position === undefined ? nextPosition(slots) : Math.min(f.position, nextPosition(slots));
      const created = this.#repo.insertion(await this.#repo.build({ ...data, position }, stamp));
      const shifts = f.position === undefined ? new Map<number, number>() : insertAt(slots, position);
      await writeTogether([...this.#repo.replacements(shifted(siblings, shifts), stamp), created]);
      return created.record;
    });
  }

  async update(viewer: ModuleViewer, moduleId: number, id: number, f: ItemFields | undefined, stamp: WriteStamp) {
    if (!f) throw new BadRequestError('missing module item parameter');
    const { module, item } = await this.get(viewer, moduleId, id);
    // Every check comes before any write; the fields are applied again below, to the record as re-read.
    applyItemFields(item.data, f);
    const target = f.module_id !== undefined && f.module_id !== String(module.id) ? await this.#targetModule(viewer, f.module_id) : module;
    // The item, the siblings it leaves and those it joins are one write, retried from a fresh read on a conflict.
    const { before, updated } = await retryStale(async () => {
      const current = (await this.get(viewer, moduleId, id)).item;
      const next = applyItemFields(current.data, f);
      const { position, shifts } = await this.#placement(current, target.id, f.position);
      next.module_id = target.id;
      next.position = position;
      const planned = this.#repo.replacement(current, next, stamp);
      await writeTogether([planned, ...this.#repo.replacements(shifts, stamp)]);
      return { before: current.data, updated: planned.record };
    });
    if (updated.data.published !== before.published) await setContentPublished(this.#services, viewer.principal, updated.data, updated.data.published, stamp);
    if (f.title !== undefined) {
      await renameContent(this.#services, viewer.principal, updated.data, f.title, stamp);
      // A page's rename moves its slug, and the items showing it (this one too) follow.
      return { module: target, item: (await this.#repo.get(id)) ?? updated };
    }
    return { module: target, item: updated };
  }

  /** Where the item lands, and the siblings that shift: within its module (a move), or into another module. */
  async #placement(item: Stored<ModuleItemData>, targetId: number, wanted: number | undefined) {
    const id = item.id;
    const from = await this.#siblings(item.data.module_id);
    if (targetId === item.data.module_id) {
      if (wanted === undefined) return { position: item.data.position, shifts: [] };
      const moves = moveTo(positionsOf(from), id, wanted);
      const position = moves.get(id) ?? item.data.position;
      moves.delete(id);
      return { position, shifts: shifted(from, moves) };
    }
    const to = await this.#siblings(targetId);
    const last = nextPosition(positionsOf(to));
    const position = wanted !== undefined && wanted < last ? wanted : last;
    const joining: PositionChanges = position < last ? insertAt(positionsOf(to), position) : new Map();
    return { position, shifts: [...shifted(from, closeGap(positionsOf(from), { id, position: item.data.position })), ...shifted(to, joining)] };
  }

  /** A soft delete; the requirement goes with the item and the siblings keep their positions (docs/canvas-compatibility.md §2.3). */
  async delete(viewer: ModuleViewer, moduleId: number, id: number, stamp: WriteStamp): Promise<LocatedItem> {
    const { module } = await this.get(viewer, moduleId, id);
    const deleted = await this.#repo.update(id, stamp, (d) => ({ ...d, workflow_state: 'deleted', completion_requirement: null }));
    if (!deleted) throw new NotFoundError('module item');
    return { module, item: deleted };
  }

  /** `module_item[module_id]` must name an active module of the same course. */
  async #targetModule(viewer: ModuleViewer, raw: string): Promise<Stored<ModuleData>> {
    const id = /^\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    const target = Number.isNaN(id) ? undefined : await this.#services.repos.modules.get(id);
    if (!target || target.data.course_id !== viewer.courseId || target.data.workflow_state !== 'active') throw new BadRequestError('invalid module_id');
    return target;
  }

  async #siblings(moduleId: number): Promise<Stored<ModuleItemData>[]> {
    const items = await this.#repo.find({ parent_id: moduleId });
    return items.filter((i) => i.data.workflow_state === 'active');
  }
}

/** The item's own fields from a PUT (everything but where it sits); validated before anything is written. */
function applyItemFields(current: ModuleItemData, f: ItemFields): ModuleItemData {
  const next: ModuleItemData = { ...current };
  if (f.title !== undefined) {
    if (f.title === '') throw ValidationError.field('title', "can't be blank", 'blank');
    next.title = f.title;
  }
  if (f.indent !== undefined) next.indent = f.indent;
  if (f.external_url !== undefined && current.type === 'ExternalUrl') next.external_url = parseExternalUrl(f.external_url);
  if (f.new_tab !== undefined && current.type === 'ExternalTool') next.new_tab = f.new_tab;
  const requirement = parseRequirement(f.completion_requirement, current.type);
  if (requirement !== undefined) next.completion_requirement = requirement;
  if (f.published !== undefined) next.published = f.published;
  return next;
}
