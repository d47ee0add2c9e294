import { defineMessages } from '@formatjs/intl';
import type { UserDisplay } from '../../../../contracts/grading-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';

const words: Messages<'anonymous'> = defineMessages({
  anonymous: { id: 'grader.anonymousStudent', defaultMessage: 'Student {number, number}', description: 'A student of an anonymously graded assignment, by place in the shuffled order.' },
});

/** A student as the grader lists them: by name, or for anonymous grading as "Student N". */
export interface GraderStudent {
  id: number;
  label: string;
}

/**
 * The order the grader walks the students in. By name normally; for an anonymous assignment a shuffle that is the
 * same on every visit and every device (it hashes the assignment and student ids), so "Student 3" stays one person
 * while the grader works, and the order gives away nothing of the names or the roster's id order.
 */
export function studentOrder(students: readonly UserDisplay[], assignmentId: number, anonymous: boolean): GraderStudent[] {
  if (!anonymous) {
    return [...students]
      .sort((a, b) => a.display_name.localeCompare(b.display_name) || a.id - b.id)
      .map((s) => ({ id: s.id, label: s.display_name }));
  }
  const intl = currentIntl();
  return students
    .map((s) => ({ id: s.id, rank: fnv1a(`${assignmentId}:${s.id}`) }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .map((s, i) => ({ id: s.id, label: intl.formatMessage(words.anonymous, { number: i + 1 }) }));
}

/** FNV-1a, 32 bits: a small, well-spread hash; nothing here needs to resist an attacker. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
