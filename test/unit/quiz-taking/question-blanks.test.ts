import { describe, expect, it } from 'vitest';
import { blankIdsOf } from '../../../src/renderer/src/features/quiz-taking/question-blanks.ts';

/** Where the attempt screen finds a question's blanks: a taker is sent no blanks answers, so the text names them. */
describe('the blanks of a question', () => {
  it('come from the text in the order it shows them, each once', () => {
    expect(blankIdsOf({ question_text: '<p>Roses are [color1], violets are [color2]; [color1] again.</p>', answers: [] })).toEqual(['color1', 'color2']);
  });

  it('take dropdowns’ blanks from their options too, after those the text names', () => {
    const answers = [
      { id: 1, text: 'north', blank_id: 'way' },
      { id: 2, text: 'south', blank_id: 'way' },
      { id: 3, text: 'fast', blank_id: 'speed' },
    ];
    expect(blankIdsOf({ question_text: '<p>The wind blows [speed] from the …</p>', answers })).toEqual(['speed', 'way']);
  });

  it('ignore brackets that hold no blank name (spaces, nothing)', () => {
    expect(blankIdsOf({ question_text: '<p>[ ] and [] and [a b] and [x_1.y-2]</p>', answers: [] })).toEqual(['x_1.y-2']);
  });
});
