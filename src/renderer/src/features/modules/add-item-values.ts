import type { CompletionRequirementType, ModuleItemWrite } from '../../../../contracts/lms-dtos.ts';
import type { NewItemContent } from '../../stores/authoring-store.ts';

/** The kinds of item the form adds; the API's other kinds (files, quizzes, discussions, tools) have no screens yet. */
export const ITEM_KINDS = [
  { type: 'Assignment', label: 'Assignment' },
  { type: 'Page', label: 'Page' },
  { type: 'SubHeader', label: 'Heading' },
  { type: 'ExternalUrl', label: 'Link' },
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number]['type'];

export const REQUIREMENT_CHOICES: ReadonlyArray<{ type: CompletionRequirementType; label: string; kinds: readonly ItemKind[] }> = [
  { type: 'must_view', label: 'View it', kinds: ['Assignment', 'Page', 'ExternalUrl'] },
  { type: 'must_mark_done', label: 'Mark it as done', kinds: ['Assignment', 'Page'] },
  { type: 'must_submit', label: 'Submit it', kinds: ['Assignment'] },
  { type: 'min_score', label: 'Score at least', kinds: ['Assignment'] },
];

/** `new` in the content choice: create the page or assignment with the item. */
export const NEW_CONTENT = 'new';

export interface AddItemValues {
  kind: ItemKind;
  /** A page url, an assignment id, or NEW_CONTENT. */
  content: string;
  title: string;
  url: string;
  requirement: CompletionRequirementType | '';
  minScore: string;
}

export interface ItemToAdd {
  item: ModuleItemWrite;
  newContent?: NewItemContent;
}

/** What to send, or why not yet. */
export function itemToAdd(v: AddItemValues): ItemToAdd | string {
  const needsTitle = v.kind === 'SubHeader' || v.kind === 'ExternalUrl' || v.content === NEW_CONTENT;
  if (needsTitle && v.title.trim() === '') return 'Give the item a title.';
  if ((v.kind === 'Assignment' || v.kind === 'Page') && v.content === '') return `Choose the ${v.kind === 'Page' ? 'page' : 'assignment'} first.`;
  if (v.kind === 'ExternalUrl' && !/^https?:\/\/\S+$/i.test(v.url.trim())) return 'Enter a web address starting with http:// or https://.';
  const minScore = Number(v.minScore.replace(',', '.'));
  if (v.requirement === 'min_score' && (v.minScore.trim() === '' || !Number.isFinite(minScore) || minScore < 0)) return 'Enter the score to reach, 0 or more.';
  const requirement = v.requirement === '' ? {} : { completion_requirement: { type: v.requirement, ...(v.requirement === 'min_score' ? { min_score: minScore } : {}) } };
  const title = v.title.trim();
  switch (v.kind) {
    case 'SubHeader':
      return { item: { type: 'SubHeader', title } };
    case 'ExternalUrl':
      return { item: { type: 'ExternalUrl', title, external_url: v.url.trim(), ...requirement } };
    case 'Page':
    case 'Assignment': {
      const item: ModuleItemWrite = { type: v.kind, ...requirement };
      if (v.content === NEW_CONTENT) return { item, newContent: { type: v.kind, title } };
      return { item: v.kind === 'Page' ? { ...item, page_url: v.content } : { ...item, content_id: Number(v.content) } };
    }
  }
}
