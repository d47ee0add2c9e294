import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE, SUPPORTED_LOCALES } from '../../src/contracts/locales.ts';
import { pseudoMessage, pseudoMessages } from '../../src/renderer/src/i18n/pseudo.ts';
import { CATALOGUES, extractMessages } from '../../scripts/i18n/extract-messages.ts';

const readCatalogue = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
// The UI's catalogue and the server pages' (docs/decisions/0140), checked alike.
for (const [name, catalogue] of Object.entries(CATALOGUES)) {
  const english = readCatalogue(catalogue.english);

  describe(`the English catalogue (${name})`, () => {
    const inCode = extractMessages(catalogue);

    it('holds exactly the messages the code uses, with the code\'s English (else run `npm run i18n:extract`)', () => {
      const missing = Object.keys(inCode).filter((id) => !(id in english));
      const unused = Object.keys(english).filter((id) => !(id in inCode));
      const changed = Object.keys(inCode).filter((id) => id in english && english[id] !== inCode[id]);
      expect({ missing, unused, changed }).toEqual({ missing: [], unused: [], changed: [] });
    });

    it('names every message with an explicit dotted id (area.message), never a generated hash', () => {
      expect(Object.keys(inCode).filter((id) => !/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9-]+)+$/.test(id))).toEqual([]);
    });
  });

  describe(`the translations (${name})`, () => {
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      it(`${locale}: only ids English has, each with the same arguments and tags, each a valid ICU message`, () => {
        const translated = readCatalogue(join(catalogue.english, '..', `${locale}.json`));
        const problems = Object.entries(translated).flatMap(([id, message]) => {
          if (!(id in english)) return [`${id}: not in English`];
          const theirs = [...argumentsOf(parse(message))].sort();
          const ours = [...argumentsOf(parse(english[id]!))].sort();
          return theirs.join() === ours.join() ? [] : [`${id}: arguments ${theirs.join()} ≠ ${ours.join()}`];
        });
        expect(problems).toEqual([]);
      });
    }
  });

    it(`${name}: the pseudo-locale leaves no plain ASCII letter outside the arguments in any English message`, () => {
      const messages = pseudoMessages(english);
      expect(Object.keys(english).filter((id) => /[A-Za-z]/.test(literalText(messages[id]!)))).toEqual([]);
    });
}

describe('the pseudo-locale', () => {
  // react-intl formats with intl-messageformat; its React types are kept out of the Node test program.
  const format = (message: string, values?: Record<string, string | number>) =>
    String(new IntlMessageFormat(pseudoMessage(message), PSEUDO_LOCALE).format(values));

  it('accents, brackets and lengthens by about 30 %, keeping arguments, plurals and selects working', () => {
    const text = format('Sign in to Outpost');
    expect(text).toMatch(/^\[Šîĝñ îñ ţö Öûţþöšţ [^\]]+\]$/u);
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil('Sign in to Outpost'.length * 1.3));
    expect(format('Signed in as {name}', { name: 'Ada' })).toMatch(/^\[Šîĝñéđ îñ åš Ada .*\]$/u);
    expect(format('{count, plural, one {# comment} other {# comments}}', { count: 1 })).toMatch(/^\[1 çöɱɱéñţ /u);
    expect(format('{count, plural, one {# comment} other {# comments}}', { count: 3 })).toMatch(/^\[3 çöɱɱéñţš /u);
    expect(format('{role, select, teacher {Teacher} other {Student}}', { role: 'teacher' })).toMatch(/^\[Ţéåçĥéŕ/u);
  });
});

/** Argument and tag names a message refers to: a translation must use the same ones. */
function argumentsOf(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

function literalText(elements: readonly MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.tag) return literalText(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select) return Object.values(element.options).map((o) => literalText(o.value)).join(' ');
      return '';
    })
    .join('');
}
