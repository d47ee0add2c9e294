import { BadRequestError, ValidationError } from '../../domain/errors.ts';
import {
  MODULE_ITEM_TYPES,
  REQUIREMENT_TYPES,
  type CompletionRequirement,
  type ModuleItemType,
  type RequirementType,
} from '../../domain/records/module-records.ts';
import type { RequirementInput } from './module-items.params.ts';

/** Canvas also accepts its model names (`wiki_page`, `discussion_topic`, `context_external_tool`…), any case. */
const TYPE_ALIASES: ReadonlyMap<string, ModuleItemType> = new Map([
  ...MODULE_ITEM_TYPES.map((t) => [t.toLowerCase(), t] as const),
  ['wiki_page', 'Page'],
  ['wikipage', 'Page'],
  ['discussion_topic', 'Discussion'],
  ['discussiontopic', 'Discussion'],
  ['attachment', 'File'],
  ['quizzes::quiz', 'Quiz'],
  ['sub_header', 'SubHeader'],
  ['context_module_sub_header', 'SubHeader'],
  ['external_url', 'ExternalUrl'],
  ['external_tool', 'ExternalTool'],
  ['context_external_tool', 'ExternalTool'],
  ['contextexternaltool', 'ExternalTool'],
]);

export function parseItemType(raw: string | undefined): ModuleItemType {
  const type = raw === undefined ? undefined : TYPE_ALIASES.get(raw.trim().toLowerCase());
  if (!type) throw new BadRequestError('Could not find content');
  return type;
}

/** The spec's applicability table: must_view (and Canvas's must_mark_done) apply to every type. */
const APPLIES_TO: Readonly<Record<RequirementType, ReadonlySet<ModuleItemType> | 'all'>> = {
  must_view: 'all',
  must_mark_done: 'all',
  must_contribute: new Set(['Assignment', 'Discussion', 'Page']),
  must_submit: new Set(['Assignment', 'Quiz']),
  min_score: new Set(['Assignment', 'Quiz']),
};

const isRequirementType = (value: string): value is RequirementType => (REQUIREMENT_TYPES as readonly string[]).includes(value);

/**
 * The requirement to store: undefined leaves the current one, null removes it. An unknown type is a 400 (and,
 * unlike Canvas, nothing is saved: docs/canvas-compatibility.md §0.4); a type that does not apply is ignored.
 */
export function parseRequirement(input: RequirementInput | undefined, type: ModuleItemType): CompletionRequirement | null | undefined {
  if (input === undefined) return undefined;
  if (input === null || input === '' || input.type === undefined || input.type === null || input.type.trim() === '') return null;
  const requirementType = input.type.trim();
  if (!isRequirementType(requirementType)) {
    throw ValidationError.field('completion_requirement', 'Invalid completion requirement type');
  }
  const applies = APPLIES_TO[requirementType];
  if (applies !== 'all' && !applies.has(type)) return undefined;
  if (requirementType !== 'min_score') return { type: requirementType };
  if (input.min_score === undefined || input.min_score === null || input.min_score === '') {
    throw ValidationError.field('min_score', "can't be blank", 'blank');
  }
  return { type: 'min_score', min_score: input.min_score };
}

/** Canvas stores http(s) links only; anything else would be a broken (or javascript:) link for students. */
export function parseExternalUrl(raw: string | undefined): string {
  if (raw === undefined || raw === '') throw ValidationError.field('external_url', "can't be blank", 'blank');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw ValidationError.field('external_url', 'is not a valid URL', 'invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw ValidationError.field('external_url', 'is not a valid URL', 'invalid');
  return raw;
}

/** A content id as Canvas's finder reads it; anything that is not an id finds nothing. */
export function parseContentId(raw: string | null | undefined): number {
  if (raw === undefined || raw === null || !/^\d{1,16}$/.test(raw.trim())) throw new BadRequestError('Could not find content');
  return Number(raw.trim());
}
