// @ts-check
import formatjs from 'eslint-plugin-formatjs';

/**
 * FormatJS's `no-literal-string-in-jsx`, reporting only literals that hold a letter. The renderer joins messages with
 * spaces and separators (`{' '}`, ` · `, `: `) and shows data through `{…}`; those carry no words to translate, and
 * FormatJS offers no option to let them through. Everything with a letter in it — visible text, accessible names,
 * titles, placeholders, labels — must come from the catalogue (docs/decisions/0103).
 */
const literal = formatjs.rules['no-literal-string-in-jsx'];

/** @type {import('eslint').Rule.RuleModule} */
export const noUntranslatedText = {
  meta: { ...literal.meta, docs: { description: 'Text with words in JSX comes from the message catalogue.' } },
  create(context) {
    // The words a reported node writes: a template's fixed parts (its `${…}` are data), a literal's or JSX text's value.
    // Typed `any`: the node may be JSX text, which the ESTree types ESLint ships do not describe.
    const textOf = (/** @type {any} */ node) =>
      node.type === 'TemplateLiteral' ? node.quasis.map((/** @type {any} */ q) => q.value.cooked ?? '').join('') : typeof node.value === 'string' ? node.value : context.sourceCode.getText(node);
    const hasLetter = (/** @type {import('eslint').Rule.ReportDescriptor} */ descriptor) => 'node' in descriptor && /\p{L}/u.test(textOf(descriptor.node));
    const filtered = Object.create(context, {
      report: { value: (/** @type {import('eslint').Rule.ReportDescriptor} */ descriptor) => hasLetter(descriptor) && context.report(descriptor) },
    });
    return literal.create(filtered);
  },
};
