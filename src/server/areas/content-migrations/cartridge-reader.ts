import { posix } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MODULE_ITEM_TYPES, REQUIREMENT_TYPES, type ModuleItemType, type RequirementType } from '../../domain/records/module-records.ts';
import { CANVAS_EXPORT_FLAG, ITEM_CONTENT_TYPES, TOPIC_TYPE, WEBCONTENT_TYPE } from '../content-exports/cartridge.ts';

/**
 * A Common Cartridge read into what Outpost will create (decision 0112), checked whole before anything is
 * written: well-formed XML without a document type declaration (so no entity, external or internal, is ever
 * expanded), unique identifiers, every referenced resource and file present. What cannot be imported but harms
 * nothing (a quiz, an external tool) becomes a warning.
 */

/** Why a cartridge is refused as a whole. */
export class CartridgeRefused extends Error {}

export interface PlannedPage { ref: string; title: string; body: string; published: boolean }
export interface PlannedFile { ref: string; name: string; bytes: Buffer; hidden: boolean; locked: boolean }
export interface PlannedGroup { ref: string; name: string; position: number | null; group_weight: number | null }
export interface PlannedAssignment {
  ref: string;
  name: string;
  description: string;
  points_possible: number | null;
  grading_type: string | null;
  submission_types: string[];
  allowed_extensions: string[];
  due_at: string | null;
  unlock_at: string | null;
  lock_at: string | null;
  published: boolean;
  group_ref: string | null;
  omit_from_final_grade: boolean;
}
export interface PlannedTopic { ref: string; title: string; message: string; discussion_type: string | null; published: boolean; pinned: boolean; require_initial_post: boolean }
export interface PlannedItem {
  ref: string;
  type: ModuleItemType;
  title: string;
  /** The resource it points at (Page, File, Assignment, Discussion). */
  resource: string | null;
  url: string | null;
  indent: number;
  new_tab: boolean;
  published: boolean;
  requirement: { type: RequirementType; min_score?: number } | null;
}
export interface PlannedModule { ref: string; name: string; published: boolean; require_sequential_progress: boolean; unlock_at: string | null; prerequisites: string[]; items: PlannedItem[] }

export interface CartridgePlan {
  groups: PlannedGroup[];
  pages: PlannedPage[];
  files: PlannedFile[];
  assignments: PlannedAssignment[];
  topics: PlannedTopic[];
  modules: PlannedModule[];
  warnings: string[];
}

type Node = Record<string, unknown>;

const ARRAYS = new Set(['item', 'resource', 'file', 'dependency', 'module', 'prerequisite', 'completionRequirement', 'assignmentGroup', 'organization']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Only the five predefined entities and character references: a document type declaration is refused first.
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  isArray: (name) => ARRAYS.has(name),
});

/** Parses one XML entry, refusing a DOCTYPE (entities, XXE, entity expansion) and malformed XML with where it is. */
export function parseXml(path: string, bytes: Buffer): Node {
  const text = bytes.toString('utf8');
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) throw new CartridgeRefused(`${path} declares a document type or entities, which are refused`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new CartridgeRefused(`${path} is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  return parser.parse(text) as Node;
}

const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value && typeof value === 'object' ? [value as Node] : []);
const text = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return text((value as Node)['#text']);
  return String(value as string | number | boolean);
};
const textOrNull = (value: unknown): string | null => (text(value) === '' ? null : text(value));
const bool = (value: unknown): boolean => text(value).toLowerCase() === 'true';
const num = (value: unknown): number | null => {
  const n = Number(text(value));
  return text(value) === '' || !Number.isFinite(n) ? null : n;
};

/** The body of an HTML document (or all of it when it has no body), and its title. */
function htmlParts(html: string): { title: string; body: string; meta: Map<string, string> } {
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const body = /<body[^>]*>([\s\S]*?)<\/body>/i.exec(html)?.[1]?.trim() ?? html;
  const meta = new Map<string, string>();
  for (const m of html.matchAll(/<meta\s+name="([^"]*)"\s+content="([^"]*)"\s*\/?>/gi)) meta.set(m[1]!, m[2]!);
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  return { title: decode(title), body, meta };
}

interface Resource {
  identifier: string;
  type: string;
  href: string | null;
  files: string[];
  dependencies: string[];
}

const CONTENT_TYPE_ITEMS = new Map<string, ModuleItemType>(Object.entries(ITEM_CONTENT_TYPES).map(([type, contentType]) => [contentType, type as ModuleItemType]));

export function readCartridge(entries: ReadonlyMap<string, Buffer>): CartridgePlan {
  const manifestBytes = entries.get('imsmanifest.xml');
  if (!manifestBytes) throw new CartridgeRefused('the archive has no imsmanifest.xml: it is not a Common Cartridge');
  const manifest = parseXml('imsmanifest.xml', manifestBytes).manifest as Node | undefined;
  if (!manifest) throw new CartridgeRefused('imsmanifest.xml has no <manifest> element');

  const ids = new Set<string>();
  const claim = (id: string, where: string) => {
    if (id === '') throw new CartridgeRefused(`${where} has no identifier`);
    if (ids.has(id)) throw new CartridgeRefused(`the identifier "${id}" is used twice in imsmanifest.xml`);
    ids.add(id);
  };

  const resources = new Map<string, Resource>();
  for (const r of list((manifest.resources as Node | undefined)?.resource)) {
    const identifier = text(r['@identifier']);
    claim(identifier, 'a resource');
    const files = list(r.file).map((f) => text(f['@href']));
    const href = textOrNull(r['@href']);
    for (const path of new Set([...files, ...(href ? [href] : [])])) {
      const normalised = posix.normalize(path);
      if (normalised.startsWith('../') || normalised.startsWith('/')) throw new CartridgeRefused(`the resource "${identifier}" points outside the archive ("${path}")`);
      if (!entries.has(normalised)) throw new CartridgeRefused(`the resource "${identifier}" names "${path}", which is not in the archive`);
    }
    resources.set(identifier, { identifier, type: text(r['@type']), href: href && posix.normalize(href), files: files.map((f) => posix.normalize(f)), dependencies: list(r.dependency).map((d) => text(d['@identifierref'])) });
  }
  for (const r of resources.values()) for (const d of r.dependencies) if (!resources.has(d)) throw new CartridgeRefused(`the resource "${r.identifier}" depends on "${d}", which the manifest does not have`);

  // The organization: modules (top-level items under the root) and their items.
  const root = list((manifest.organizations as Node | undefined)?.organization)[0];
  const orgModules: Node[] = [];
  const walk = (node: Node, depth: number) => {
    for (const item of list(node.item)) {
      claim(text(item['@identifier']), 'an organization item');
      const ref = textOrNull(item['@identifierref']);
      if (ref && !resources.has(ref)) throw new CartridgeRefused(`the item "${text(item['@identifier'])}" points at the resource "${ref}", which the manifest does not have`);
      if (depth === 1) orgModules.push(item);
      walk(item, depth + 1);
    }
  };
  if (root) walk(root, 0);

  const warnings: string[] = [];
  const canvas = entries.has(CANVAS_EXPORT_FLAG) && entries.has('course_settings/module_meta.xml');
  const xmlOf = (path: string) => parseXml(path, entries.get(path)!);

  // Assignment groups (Canvas's extension).
  const groups: PlannedGroup[] = entries.has('course_settings/assignment_groups.xml')
    ? list((xmlOf('course_settings/assignment_groups.xml').assignmentGroups as Node | undefined)?.assignmentGroup).map((g) => ({
        ref: text(g['@identifier']),
        name: text(g.title) || 'Assignments',
        position: num(g.position),
        group_weight: num(g.group_weight),
      }))
    : [];
  const fileMeta = new Map<string, Node>();
  if (entries.has('course_settings/files_meta.xml')) {
    const meta = xmlOf('course_settings/files_meta.xml').fileMeta as Node | undefined;
    for (const f of list((meta?.files as Node | undefined)?.file)) fileMeta.set(text(f['@identifier']), f);
  }

  const pages: PlannedPage[] = [];
  const files: PlannedFile[] = [];
  const assignments: PlannedAssignment[] = [];
  const topics: PlannedTopic[] = [];
  const usedAsMeta = new Set<string>();
  for (const r of resources.values()) if (r.type === TOPIC_TYPE) for (const d of r.dependencies) usedAsMeta.add(d);

  for (const r of resources.values()) {
    const settings = r.files.find((f) => f.endsWith('/assignment_settings.xml'));
    if (r.type === TOPIC_TYPE || r.type.startsWith('imsdt_')) {
      const topicPath = r.files[0] ?? r.href;
      const topic = topicPath ? (xmlOf(topicPath).topic as Node | undefined) : undefined;
      if (!topic) throw new CartridgeRefused(`the discussion "${r.identifier}" has no <topic>`);
      const metaRef = r.dependencies.find((d) => resources.get(d)?.href?.endsWith('.xml'));
      const metaPath = metaRef ? resources.get(metaRef)!.href! : null;
      const meta = metaPath ? (xmlOf(metaPath).topicMeta as Node | undefined) : undefined;
      topics.push({
        ref: r.identifier,
        title: text(topic.title) || 'Discussion',
        message: text(topic.text),
        discussion_type: textOrNull(meta?.discussion_type),
        published: meta ? text(meta.workflow_state) !== 'unpublished' : true,
        pinned: bool(meta?.pinned),
        require_initial_post: bool(meta?.require_initial_post),
      });
    } else if (settings) {
      const s = xmlOf(settings).assignment as Node | undefined;
      if (!s) throw new CartridgeRefused(`${settings} has no <assignment>`);
      const html = r.files.find((f) => f.endsWith('.html')) ?? r.href;
      assignments.push({
        ref: r.identifier,
        name: text(s.title) || 'Assignment',
        description: html && entries.has(html) ? htmlParts(entries.get(html)!.toString('utf8')).body : '',
        points_possible: num(s.points_possible),
        grading_type: textOrNull(s.grading_type),
        submission_types: text(s.submission_types).split(',').map((t) => t.trim()).filter(Boolean),
        allowed_extensions: text(s.allowed_extensions).split(',').map((t) => t.trim()).filter(Boolean),
        due_at: textOrNull(s.due_at),
        unlock_at: textOrNull(s.unlock_at),
        lock_at: textOrNull(s.lock_at),
        published: text(s.workflow_state) === 'published',
        group_ref: textOrNull(s.assignment_group_identifierref),
        omit_from_final_grade: bool(s.omit_from_final_grade),
      });
    } else if (r.type === WEBCONTENT_TYPE && r.href) {
      if (r.href.startsWith('wiki_content/') && r.href.endsWith('.html')) {
        const { title, body, meta } = htmlParts(entries.get(r.href)!.toString('utf8'));
        pages.push({ ref: r.identifier, title: title || posix.basename(r.href, '.html'), body, published: (meta.get('workflow_state') ?? 'active') === 'active' });
      } else {
        const meta = fileMeta.get(r.identifier);
        files.push({ ref: r.identifier, name: posix.basename(r.href), bytes: entries.get(r.href)!, hidden: bool(meta?.hidden), locked: bool(meta?.locked) });
      }
    } else if (!usedAsMeta.has(r.identifier) && r.href !== CANVAS_EXPORT_FLAG) {
      warnings.push(`The resource "${r.identifier}" (${r.type}) is not imported: Outpost reads pages, files, assignments and discussions.`);
    }
  }

  const kindOf = new Map<string, ModuleItemType>([
    ...pages.map((p) => [p.ref, 'Page'] as const),
    ...files.map((f) => [f.ref, 'File'] as const),
    ...assignments.map((a) => [a.ref, 'Assignment'] as const),
    ...topics.map((t) => [t.ref, 'Discussion'] as const),
  ]);
  const modules = canvas ? canvasModules(xmlOf('course_settings/module_meta.xml'), kindOf, resources, warnings) : orgModules.map((m) => organizationModule(m, kindOf, warnings));
  return { groups, pages, files, assignments, topics, modules, warnings };
}

function canvasModules(meta: Node, kindOf: ReadonlyMap<string, ModuleItemType>, resources: ReadonlyMap<string, Resource>, warnings: string[]): PlannedModule[] {
  const modules = list((meta.modules as Node | undefined)?.module);
  const refs = new Set<string>();
  return modules.map((m) => {
    const ref = text(m['@identifier']);
    if (refs.has(ref)) throw new CartridgeRefused(`the module identifier "${ref}" is used twice in module_meta.xml`);
    refs.add(ref);
    const requirements = new Map(
      list((m.completionRequirements as Node | undefined)?.completionRequirement).map((r) => [text(r.identifierref), { type: text(r['@type']), min_score: num(r.min_score) }]),
    );
    const items: PlannedItem[] = [];
    for (const i of list((m.items as Node | undefined)?.item)) {
      const itemRef = text(i['@identifier']);
      if (refs.has(itemRef)) throw new CartridgeRefused(`the identifier "${itemRef}" is used twice in module_meta.xml`);
      refs.add(itemRef);
      const type = CONTENT_TYPE_ITEMS.get(text(i.content_type));
      const resource = textOrNull(i.identifierref);
      if (resource && !resources.has(resource)) throw new CartridgeRefused(`the module item "${itemRef}" points at the resource "${resource}", which the manifest does not have`);
      const title = text(i.title);
      if (!type || !MODULE_ITEM_TYPES.includes(type) || type === 'Quiz' || type === 'ExternalTool' || (resource && !kindOf.has(resource) && type !== 'ExternalUrl')) {
        warnings.push(`The module item "${title}" (${text(i.content_type)}) is not imported: its content is not in the cartridge or not something Outpost imports.`);
        continue;
      }
      if ((type === 'Page' || type === 'File' || type === 'Assignment' || type === 'Discussion') && !resource) {
        warnings.push(`The module item "${title}" points at nothing and is not imported.`);
        continue;
      }
      const requirement = requirements.get(itemRef);
      items.push({
        ref: itemRef,
        type,
        title,
        resource,
        url: textOrNull(i.url),
        indent: Math.max(0, Math.min(10, num(i.indent) ?? 0)),
        new_tab: bool(i.new_tab),
        published: text(i.workflow_state) !== 'unpublished',
        requirement:
          requirement && (REQUIREMENT_TYPES as readonly string[]).includes(requirement.type)
            ? { type: requirement.type as RequirementType, ...(requirement.min_score !== null ? { min_score: requirement.min_score } : {}) }
            : null,
      });
    }
    return {
      ref,
      name: text(m.title) || 'Module',
      published: text(m.workflow_state) !== 'unpublished',
      require_sequential_progress: bool(m.require_sequential_progress),
      unlock_at: textOrNull(m.unlock_at),
      prerequisites: list((m.prerequisites as Node | undefined)?.prerequisite).map((p) => text(p.identifierref)),
      items,
    };
  });
}

/** A plain cartridge's module: an organization item and the resources of its items. */
function organizationModule(m: Node, kindOf: ReadonlyMap<string, ModuleItemType>, warnings: string[]): PlannedModule {
  const items: PlannedItem[] = [];
  for (const i of list(m.item)) {
    const resource = textOrNull(i['@identifierref']);
    const type = resource ? kindOf.get(resource) : 'SubHeader';
    if (!type) {
      warnings.push(`The item "${text(i.title)}" is not imported: its resource is not something Outpost imports.`);
      continue;
    }
    items.push({ ref: text(i['@identifier']), type, title: text(i.title), resource, url: null, indent: 0, new_tab: false, published: true, requirement: null });
  }
  return { ref: text(m['@identifier']), name: text(m.title) || 'Module', published: true, require_sequential_progress: false, unlock_at: null, prerequisites: [], items };
}
