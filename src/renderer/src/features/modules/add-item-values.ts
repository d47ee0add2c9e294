import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { CompletionRequirementType, ModuleItem, ModuleItemWrite } from '../../../../contracts/lms-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { NewItemContent } from '../../stores/authoring-store.ts';

/** Each kind of module item, as the item list and the add form name it. */
export const TYPE_LABELS: Messages<ModuleItem['type']> = defineMessages({
  Assignment: { id: 'modules.kind.assignment', defaultMessage: 'Assignment' },
  Page: { id: 'modules.kind.page', defaultMessage: 'Page' },
  Quiz: { id: 'modules.kind.quiz', defaultMessage: 'Quiz' },
  Discussion: { id: 'modules.kind.discussion', defaultMessage: 'Discussion' },
  File: { id: 'modules.kind.file', defaultMessage: 'File' },
  ExternalUrl: { id: 'modules.kind.link', defaultMessage: 'Link', description: 'A module item that is a link to a web address.' },
  ExternalTool: { id: 'modules.kind.externalTool', defaultMessage: 'External tool' },
  SubHeader: { id: 'modules.kind.heading', defaultMessage: 'Heading', description: 'A module item that is only a heading between other items.' },
});

/** The kinds of item the form adds; the API's other kinds (files, quizzes, discussions, tools) have no screens yet. */
export const ITEM_KINDS = [
  { type: 'Assignment', label: TYPE_LABELS.Assignment },
  { type: 'Page', label: TYPE_LABELS.Page },
  { type: 'SubHeader', label: TYPE_LABELS.SubHeader },
  { type: 'ExternalUrl', label: TYPE_LABELS.ExternalUrl },
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number]['type'];

const requirementLabels: Messages<Exclude<CompletionRequirementType, 'must_contribute'> | 'minScoreOf'> = defineMessages({
  must_view: { id: 'modules.requirement.choice.view', defaultMessage: 'View it' },
  must_mark_done: { id: 'modules.requirement.choice.markDone', defaultMessage: 'Mark it as done' },
  must_submit: { id: 'modules.requirement.choice.submit', defaultMessage: 'Submit it' },
  min_score: { id: 'modules.requirement.choice.minScore', defaultMessage: 'Score at least' },
  minScoreOf: { id: 'modules.requirement.minScoreOf', defaultMessage: 'Score at least {score}', description: 'A completion requirement: the item is met at this score or more.' },
});

export const REQUIREMENT_CHOICES: ReadonlyArray<{ type: CompletionRequirementType; label: MessageDescriptor; kinds: readonly ItemKind[] }> = [
  { type: 'must_view', label: requirementLabels.must_view, kinds: ['Assignment', 'Page', 'ExternalUrl'] },
  { type: 'must_mark_done', label: requirementLabels.must_mark_done, kinds: ['Assignment', 'Page'] },
  { type: 'must_submit', label: requirementLabels.must_submit, kinds: ['Assignment'] },
  { type: 'min_score', label: requirementLabels.min_score, kinds: ['Assignment'] },
];

/** The requirement field's own words, shared by the add form and an item's select. */
export const requirementMessages: Messages<'label' | 'none'> = defineMessages({
  label: { id: 'modules.requirement.label', defaultMessage: 'Completion requirement' },
  none: { id: 'modules.requirement.none', defaultMessage: 'None', description: 'No completion requirement.' },
});

/** "Score at least 7", the score in the current language's digits; without a score, only the words. */
export function minScoreLabel(score: number | undefined): string {
  const intl = currentIntl();
  return score === undefined ? intl.formatMessage(requirementLabels.min_score) : intl.formatMessage(requirementLabels.minScoreOf, { score: intl.formatNumber(score) });
}

const problems: Messages<'noTitle' | 'noPage' | 'noAssignment' | 'badUrl' | 'badScore'> = defineMessages({
  noTitle: { id: 'modules.addItem.noTitle', defaultMessage: 'Give the item a title.' },
  noPage: { id: 'modules.addItem.noPage', defaultMessage: 'Choose the page first.' },
  noAssignment: { id: 'modules.addItem.noAssignment', defaultMessage: 'Choose the assignment first.' },
  badUrl: { id: 'modules.addItem.badUrl', defaultMessage: 'Enter a web address starting with http:// or https://.' },
  badScore: { id: 'modules.addItem.badScore', defaultMessage: 'Enter the score to reach, 0 or more.' },
});

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

/** What to send, or why not yet (in the current language). */
export function itemToAdd(v: AddItemValues): ItemToAdd | string {
  const refuse = (problem: MessageDescriptor) => currentIntl().formatMessage(problem);
  const needsTitle = v.kind === 'SubHeader' || v.kind === 'ExternalUrl' || v.content === NEW_CONTENT;
  if (needsTitle && v.title.trim() === '') return refuse(problems.noTitle);
  if ((v.kind === 'Assignment' || v.kind === 'Page') && v.content === '') return refuse(v.kind === 'Page' ? problems.noPage : problems.noAssignment);
  if (v.kind === 'ExternalUrl' && !/^https?:\/\/\S+$/i.test(v.url.trim())) return refuse(problems.badUrl);
  const minScore = Number(v.minScore.replace(',', '.'));
  if (v.requirement === 'min_score' && (v.minScore.trim() === '' || !Number.isFinite(minScore) || minScore < 0)) return refuse(problems.badScore);
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
