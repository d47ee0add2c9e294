import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * The pseudo-locale's messages, built from the English catalogue each time it loads (never stored, so it cannot fall
 * behind): every letter accented (text that escaped the catalogue stays plain ASCII and stands out), each message
 * about 30 % longer (the room German, French or Swahili need) and bracketed, so a test can tell where each message
 * starts and ends, and find text cut off by a box too tight for it. Only literal text changes: arguments, plural and
 * select keys and tags stay intact, so the messages format exactly like English.
 */
export function pseudoMessages(english: Readonly<Record<string, string>>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudoMessage(message)]));
}

/** Lengthening, as a share of the message's own letters. */
export const PSEUDO_GROWTH = 0.3;

export function pseudoMessage(message: string): MessageFormatElement[] {
  const ast = accent(parse(message));
  const grow = Math.ceil(literalLength(ast) * PSEUDO_GROWTH);
  return [literal('['), ...ast, literal(`${padding(grow)}]`)];
}

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!]),
);

/** Plain text as the pseudo-locale writes it ("Loading" → "Ļöåđîñĝ"), for tests that look for a message. */
export function accentText(text: string): string {
  return [...text].map((c) => ACCENTED[c] ?? c).join('');
}

function accent(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        return literal(accentText(element.value));
      case TYPE.tag:
        return { ...element, children: accent(element.children) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...element,
          options: Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: accent(option.value) }])),
        };
      default:
        return element;
    }
  });
}

/** Letters of the literal text, counting a plural's or select's `other` branch as what is usually shown. */
function literalLength(elements: readonly MessageFormatElement[]): number {
  return elements.reduce((sum, element) => {
    if (element.type === TYPE.literal) return sum + element.value.length;
    if (element.type === TYPE.tag) return sum + literalLength(element.children);
    if (element.type === TYPE.plural || element.type === TYPE.select) return sum + literalLength(element.options.other?.value ?? []);
    return sum;
  }, 0);
}

/** Short words, so the longer text wraps like real words would rather than as one unbreakable run. */
function padding(length: number): string {
  if (length === 0) return '';
  const letters = 'ēĩõūāēĩõū'.repeat(Math.ceil(length / 9)).slice(0, length);
  return ` ${letters.match(/.{1,5}/gu)!.join(' ')}`;
}

function literal(value: string): MessageFormatElement {
  return { type: TYPE.literal, value };
}
