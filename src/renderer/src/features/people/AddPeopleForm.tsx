import { useId, useState, type FormEvent } from 'react';
import type { EnrollmentType } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { addressesIn, usePeopleStore, type PeopleAdded } from '../../stores/people-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** The roles a teacher gives from here; an observer also needs the student they follow, which this form does not ask. */
const ROLES: ReadonlyArray<{ type: EnrollmentType; label: string }> = [
  { type: 'StudentEnrollment', label: 'Student' },
  { type: 'TaEnrollment', label: 'TA' },
  { type: 'TeacherEnrollment', label: 'Teacher' },
  { type: 'DesignerEnrollment', label: 'Designer' },
];

/**
 * `Add people`: addresses, a role and a section. Addresses that matched nobody stay in the box, named in an alert,
 * so the teacher can correct them and send again; those enrolled leave it.
 */
export function AddPeopleForm({ courseId, onDone }: { courseId: number; onDone: () => void }) {
  const sections = useResource(resources.sections(courseId));
  const ids = useId();
  const [text, setText] = useState('');
  const [type, setType] = useState<EnrollmentType>('StudentEnrollment');
  const [sectionId, setSectionId] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const [outcome, setOutcome] = useState<PeopleAdded>();
  const addRequested = usePeopleStore((s) => s.peopleAddRequested);
  const { pending, error, submit } = useSubmission();

  return (
    <Loaded value={sections} what="the course's sections">
      {(list) => {
        const section = sectionId ?? list[0]?.id;
        const onSubmit = (event: FormEvent) => {
          event.preventDefault();
          const addresses = addressesIn(text);
          const refused = addresses.length === 0 ? 'Type the email address of at least one person.' : section === undefined ? 'The course has no section to add people to.' : undefined;
          setProblem(refused);
          if (refused !== undefined || section === undefined) return;
          setOutcome(undefined);
          void submit(async () => {
            const added = await addRequested(courseId, addresses, type, section);
            setOutcome(added);
            setText(added.unmatched.join('\n'));
          });
        };
        return (
          <form className="stacked-form panel" onSubmit={onSubmit} aria-label="Add people" noValidate>
            <div className="field">
              <label htmlFor={`${ids}-addresses`}>Email addresses</label>
              <textarea
                id={`${ids}-addresses`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-describedby={`${ids}-addresses-help`}
                rows={3}
                disabled={pending}
              />
              <p id={`${ids}-addresses-help`} className="help">
                The addresses people sign in with, separated by commas or on separate lines.
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-role`}>Role</label>
              <select id={`${ids}-role`} value={type} onChange={(e) => setType(e.target.value as EnrollmentType)} disabled={pending}>
                {ROLES.map((role) => (
                  <option key={role.type} value={role.type}>
                    {role.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-section`}>Section</label>
              <select id={`${ids}-section`} value={section ?? ''} onChange={(e) => setSectionId(Number(e.target.value))} disabled={pending}>
                {list.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <FormError message={problem ?? error} />
            {outcome && <AddOutcome outcome={outcome} />}
            <div className="button-row">
              <button type="submit" disabled={pending}>
                Add to course
              </button>
              <button type="button" onClick={onDone} disabled={pending}>
                Close
              </button>
              {pending && (
                <span role="status" className="muted">
                  Adding…
                </span>
              )}
            </div>
          </form>
        );
      }}
    </Loaded>
  );
}

function AddOutcome({ outcome }: { outcome: PeopleAdded }) {
  return (
    <>
      {outcome.added.length > 0 && (
        <p role="status">
          Added {outcome.added.length === 1 ? '1 person' : `${outcome.added.length} people`}: {outcome.added.join(', ')}.
        </p>
      )}
      {outcome.unmatched.length > 0 && (
        <p role="alert" className="error">
          No one signs in with {outcome.unmatched.join(', ')}. Check {outcome.unmatched.length === 1 ? 'the address' : 'the addresses'}, or ask an
          administrator to create {outcome.unmatched.length === 1 ? 'that user' : 'those users'} first.
        </p>
      )}
    </>
  );
}
