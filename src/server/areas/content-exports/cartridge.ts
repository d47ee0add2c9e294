import { createHash } from 'node:crypto';
import type { CourseData } from '../../domain/records/course-records.ts';
import type { AssignmentData, DiscussionTopicData, FileData } from '../../domain/records/content-records.ts';
import type { AssignmentGroupData } from '../../domain/records/grading-records.ts';
import type { ModuleData, ModuleItemData, ModuleItemType } from '../../domain/records/module-records.ts';
import type { WikiPageData } from '../../domain/records/page-records.ts';
import type { Stored } from '../../domain/repository.ts';

/**
 * A course as an IMS Common Cartridge 1.1 package in Canvas's layout (decision 0111): `imsmanifest.xml` (the
 * modules as the organization, every piece of content a resource), `course_settings/` (Canvas's extension:
 * course, modules with their items, assignment groups, files, and the `canvas_export.txt` flag that marks a
 * Canvas export), `wiki_content/` pages, `web_resources/` files, an assignment per folder (`<id>/…html` and
 * `assignment_settings.xml`), and each discussion as an IMS discussion topic with Canvas's `topicMeta`.
 */

export const CC_NS = 'http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1';
export const LOMIMSCC_NS = 'http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest';
export const CANVAS_NS = 'http://canvas.instructure.com/xsd/cccv1p0';
export const DT_NS = 'http://www.imsglobal.org/xsd/imsccv1p1/imsdt_v1p1';
export const LAR_TYPE = 'associatedcontent/imscc_xmlv1p1/learning-application-resource';
export const TOPIC_TYPE = 'imsdt_xmlv1p1';
export const WEBCONTENT_TYPE = 'webcontent';
export const CANVAS_EXPORT_FLAG = 'course_settings/canvas_export.txt';

/** Canvas's module item content types, by Outpost's item type (`content_type` in module_meta.xml). */
export const ITEM_CONTENT_TYPES: Readonly<Record<ModuleItemType, string>> = {
  File: 'Attachment',
  Page: 'WikiPage',
  Discussion: 'DiscussionTopic',
  Assignment: 'Assignment',
  Quiz: 'Quizzes::Quiz',
  SubHeader: 'ContextModuleSubHeader',
  ExternalUrl: 'ExternalUrl',
  ExternalTool: 'ContextExternalTool',
};

/** Characters XML 1.0 cannot hold at all, dropped rather than written into a file no parser reads. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name>value</name>`, empty when the value is null. */
const el = (name: string, value: string | number | boolean | null | undefined): string => `<${name}>${xmlText(value)}</${name}>`;

/** A stable identifier per record, in Canvas's form (`g` and 32 hex digits). */
export function identifierOf(kind: string, id: number | string): string {
  return `g${createHash('sha256').update(`${kind}:${id}`).digest('hex').slice(0, 32)}`;
}

/** A name safe as one path segment inside the archive. */
export function safeSegment(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what must not reach a path
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001F]+/g, '_').replace(/^\.+/, '_').slice(0, 150);
  return cleaned === '' ? '_' : cleaned;
}

export interface CartridgeModule {
  readonly module: Stored<ModuleData>;
  readonly items: readonly Stored<ModuleItemData>[];
}

export interface CartridgeCourse {
  readonly course: Stored<CourseData>;
  readonly modules: readonly CartridgeModule[];
  readonly pages: readonly Stored<WikiPageData>[];
  readonly assignments: readonly Stored<AssignmentData>[];
  readonly groups: readonly Stored<AssignmentGroupData>[];
  readonly topics: readonly Stored<DiscussionTopicData>[];
  readonly files: readonly Stored<FileData>[];
}

/** An entry of the archive: text, or the bytes of a course file read when the entry is written. */
export type CartridgeEntry = { readonly path: string; readonly text: string } | { readonly path: string; readonly fileId: number };

const pagePath = (p: Stored<WikiPageData>) => `wiki_content/${safeSegment(p.data.url)}.html`;
const filePath = (f: Stored<FileData>) => `web_resources/${safeSegment(f.data.display_name)}`;
const assignmentDir = (a: Stored<AssignmentData>) => identifierOf('assignment', a.id);
const assignmentHtml = (a: Stored<AssignmentData>) => `${assignmentDir(a)}/${safeSegment(a.data.name.toLowerCase().replace(/\s+/g, '-'))}.html`;
const topicPath = (t: Stored<DiscussionTopicData>) => `${identifierOf('discussion_topic', t.id)}.xml`;
const topicMetaPath = (t: Stored<DiscussionTopicData>) => `${identifierOf('discussion_topic_meta', t.id)}.xml`;

function htmlDocument(title: string, meta: Record<string, string>, body: string | null): string {
  const metas = Object.entries(meta).map(([name, content]) => `<meta name="${xmlText(name)}" content="${xmlText(content)}"/>`).join('\n');
  return `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8"/>\n<title>${xmlText(title)}</title>\n${metas}\n</head>\n<body>\n${body ?? ''}\n</body>\n</html>\n`;
}

/** The resource a module item points at, when the cartridge holds it. */
function itemResource(c: CartridgeCourse, item: Stored<ModuleItemData>): string | null {
  const d = item.data;
  switch (d.type) {
    case 'Page': {
      const page = c.pages.find((p) => p.data.url === d.page_url);
      return page ? identifierOf('wiki_page', page.id) : null;
    }
    case 'Assignment':
      return c.assignments.some((a) => a.id === d.content_id) ? identifierOf('assignment', d.content_id!) : null;
    case 'Discussion':
      return c.topics.some((t) => t.id === d.content_id) ? identifierOf('discussion_topic', d.content_id!) : null;
    case 'File':
      return c.files.some((f) => f.id === d.content_id) ? identifierOf('file', d.content_id!) : null;
    default:
      return null;
  }
}

export function manifestXml(c: CartridgeCourse): string {
  const organization = c.modules
    .map(({ module, items }) => {
      const children = items
        .map((item) => {
          const ref = itemResource(c, item);
          return `<item identifier="${identifierOf('module_item', item.id)}"${ref ? ` identifierref="${ref}"` : ''}>${el('title', item.data.title)}</item>`;
        })
        .join('\n');
      return `<item identifier="${identifierOf('module', module.id)}">${el('title', module.data.name)}\n${children}\n</item>`;
    })
    .join('\n');
  const settingsFiles = ['course_settings.xml', 'module_meta.xml', 'assignment_groups.xml', 'files_meta.xml', 'canvas_export.txt'];
  const resources = [
    `<resource identifier="${identifierOf('course_settings', c.course.id)}" type="${LAR_TYPE}" href="${CANVAS_EXPORT_FLAG}">${settingsFiles.map((f) => `<file href="course_settings/${f}"/>`).join('')}</resource>`,
    ...c.pages.map((p) => `<resource identifier="${identifierOf('wiki_page', p.id)}" type="${WEBCONTENT_TYPE}" href="${xmlText(pagePath(p))}"><file href="${xmlText(pagePath(p))}"/></resource>`),
    ...c.files.map((f) => `<resource identifier="${identifierOf('file', f.id)}" type="${WEBCONTENT_TYPE}" href="${xmlText(filePath(f))}"><file href="${xmlText(filePath(f))}"/></resource>`),
    ...c.assignments.map(
      (a) =>
        `<resource identifier="${identifierOf('assignment', a.id)}" type="${LAR_TYPE}" href="${xmlText(assignmentHtml(a))}"><file href="${xmlText(assignmentHtml(a))}"/><file href="${assignmentDir(a)}/assignment_settings.xml"/></resource>`,
    ),
    ...c.topics.flatMap((t) => [
      `<resource identifier="${identifierOf('discussion_topic', t.id)}" type="${TOPIC_TYPE}"><file href="${topicPath(t)}"/><dependency identifierref="${identifierOf('discussion_topic_meta', t.id)}"/></resource>`,
      `<resource identifier="${identifierOf('discussion_topic_meta', t.id)}" type="${LAR_TYPE}" href="${topicMetaPath(t)}"><file href="${topicMetaPath(t)}"/></resource>`,
    ]),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifierOf('manifest', c.course.id)}" xmlns="${CC_NS}" xmlns:lomimscc="${LOMIMSCC_NS}">
<metadata>
<schema>IMS Common Cartridge</schema>
<schemaversion>1.1.0</schemaversion>
<lomimscc:lom><lomimscc:general><lomimscc:title><lomimscc:string>${xmlText(c.course.data.name)}</lomimscc:string></lomimscc:title></lomimscc:general></lomimscc:lom>
</metadata>
<organizations>
<organization identifier="org_1" structure="rooted-hierarchy">
<item identifier="LearningModules">
${organization}
</item>
</organization>
</organizations>
<resources>
${resources.join('\n')}
</resources>
</manifest>
`;
}

export function moduleMetaXml(c: CartridgeCourse): string {
  const modules = c.modules.map(({ module, items }) => {
    const m = module.data;
    const prerequisites = m.prerequisite_module_ids
      .map((id) => `<prerequisite type="context_module">${el('identifierref', identifierOf('module', id))}</prerequisite>`)
      .join('');
    const itemXml = items.map((item) => {
      const d = item.data;
      const ref = itemResource(c, item);
      return `<item identifier="${identifierOf('module_item', item.id)}">${[
        el('content_type', ITEM_CONTENT_TYPES[d.type]),
        el('workflow_state', d.published ? 'active' : 'unpublished'),
        el('title', d.title),
        ref ? el('identifierref', ref) : '',
        d.external_url ? el('url', d.external_url) : '',
        el('position', d.position),
        el('new_tab', d.new_tab),
        el('indent', d.indent),
      ].join('')}</item>`;
    });
    const requirements = items
      .filter((item) => item.data.completion_requirement)
      .map((item) => {
        const r = item.data.completion_requirement!;
        return `<completionRequirement type="${xmlText(r.type)}">${r.min_score !== undefined ? el('min_score', r.min_score) : ''}${el('identifierref', identifierOf('module_item', item.id))}</completionRequirement>`;
      })
      .join('');
    return `<module identifier="${identifierOf('module', module.id)}">${[
      el('title', m.name),
      el('workflow_state', m.published ? 'active' : 'unpublished'),
      el('position', m.position),
      el('require_sequential_progress', m.require_sequential_progress),
      m.unlock_at ? el('unlock_at', m.unlock_at) : '',
      prerequisites ? `<prerequisites>${prerequisites}</prerequisites>` : '',
      requirements ? `<completionRequirements>${requirements}</completionRequirements>` : '',
      `<items>${itemXml.join('\n')}</items>`,
    ].join('')}</module>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<modules xmlns="${CANVAS_NS}">\n${modules.join('\n')}\n</modules>\n`;
}

export function courseSettingsXml(c: CartridgeCourse): string {
  const d = c.course.data;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<course identifier="${identifierOf('course', c.course.id)}" xmlns="${CANVAS_NS}">${el('title', d.name)}${el('course_code', d.course_code)}</course>\n`;
}

export function assignmentGroupsXml(c: CartridgeCourse): string {
  const groups = c.groups.map(
    (g) => `<assignmentGroup identifier="${identifierOf('assignment_group', g.id)}">${el('title', g.data.name)}${el('position', g.data.position)}${el('group_weight', g.data.group_weight)}</assignmentGroup>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<assignmentGroups xmlns="${CANVAS_NS}">\n${groups.join('\n')}\n</assignmentGroups>\n`;
}

export function filesMetaXml(c: CartridgeCourse): string {
  const files = c.files.map(
    (f) => `<file identifier="${identifierOf('file', f.id)}">${el('display_name', f.data.display_name)}${f.data.hidden ? el('hidden', true) : ''}${f.data.locked ? el('locked', true) : ''}</file>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<fileMeta xmlns="${CANVAS_NS}"><files>${files.join('\n')}</files></fileMeta>\n`;
}

export function assignmentSettingsXml(c: CartridgeCourse, a: Stored<AssignmentData>): string {
  const d = a.data;
  const group = d.assignment_group_id && c.groups.some((g) => g.id === d.assignment_group_id) ? identifierOf('assignment_group', d.assignment_group_id) : null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<assignment identifier="${identifierOf('assignment', a.id)}" xmlns="${CANVAS_NS}">${[
    el('title', d.name),
    el('due_at', d.due_at),
    el('lock_at', d.lock_at),
    el('unlock_at', d.unlock_at),
    group ? el('assignment_group_identifierref', group) : '',
    el('workflow_state', d.workflow_state),
    el('points_possible', d.points_possible),
    el('grading_type', d.grading_type),
    el('submission_types', d.submission_types.join(',')),
    el('allowed_extensions', d.allowed_extensions.join(',')),
    el('position', d.position),
    el('peer_reviews', d.peer_reviews),
    el('omit_from_final_grade', d.omit_from_final_grade),
  ].join('')}</assignment>\n`;
}

function topicXml(t: Stored<DiscussionTopicData>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<topic xmlns="${DT_NS}">${el('title', t.data.title)}<text texttype="text/html">${xmlText(t.data.message ?? '')}</text></topic>\n`;
}

function topicMetaXml(t: Stored<DiscussionTopicData>): string {
  const d = t.data;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<topicMeta identifier="${identifierOf('discussion_topic_meta', t.id)}" xmlns="${CANVAS_NS}">${[
    el('topic_id', identifierOf('discussion_topic', t.id)),
    el('title', d.title),
    el('type', d.is_announcement ? 'announcement' : 'topic'),
    el('discussion_type', d.discussion_type),
    el('pinned', d.pinned),
    el('require_initial_post', d.require_initial_post),
    el('workflow_state', d.workflow_state === 'published' ? 'active' : 'unpublished'),
    d.delayed_post_at ? el('delayed_post_at', d.delayed_post_at) : '',
    d.lock_at ? el('lock_at', d.lock_at) : '',
  ].join('')}</topicMeta>\n`;
}

/** Every entry of the cartridge, in the order they are written. */
export function cartridgeEntries(c: CartridgeCourse): CartridgeEntry[] {
  return [
    { path: 'imsmanifest.xml', text: manifestXml(c) },
    { path: 'course_settings/course_settings.xml', text: courseSettingsXml(c) },
    { path: 'course_settings/module_meta.xml', text: moduleMetaXml(c) },
    { path: 'course_settings/assignment_groups.xml', text: assignmentGroupsXml(c) },
    { path: 'course_settings/files_meta.xml', text: filesMetaXml(c) },
    { path: CANVAS_EXPORT_FLAG, text: 'Exported by Outpost in the Canvas Common Cartridge layout.\n' },
    ...c.pages.map((p) =>
      ({ path: pagePath(p), text: htmlDocument(p.data.title, { identifier: identifierOf('wiki_page', p.id), editing_roles: p.data.editing_roles, workflow_state: p.data.workflow_state, front_page: String(p.data.front_page) }, p.data.body) }),
    ),
    ...c.assignments.flatMap((a) => [
      { path: assignmentHtml(a), text: htmlDocument(`Assignment: ${a.data.name}`, { identifier: identifierOf('assignment', a.id) }, a.data.description) },
      { path: `${assignmentDir(a)}/assignment_settings.xml`, text: assignmentSettingsXml(c, a) },
    ]),
    ...c.topics.flatMap((t) => [
      { path: topicPath(t), text: topicXml(t) },
      { path: topicMetaPath(t), text: topicMetaXml(t) },
    ]),
    ...c.files.map((f) => ({ path: filePath(f), fileId: f.id })),
  ];
}
