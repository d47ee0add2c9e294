import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EnrollmentType } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { enrollmentLabel } from '../../lib/course-roles.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { addressesIn, usePeopleStore, type PeopleAdded } from '../../stores/people-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** The roles a teacher gives from here; an observer also needs the student they follow, which this form does not ask. */
const ROLES: readonly EnrollmentType[] = ['StudentEnrollment', 'TaEnrollment', 'TeacherEnrollment', 'DesignerEnrollment'];

/**
 * `Add people`: addresses, a role and a section. Addresses that matched nobody stay in the box, named in an alert,
 * so the teacher can correct them and send again; those enrolled leave it.
 */
export function AddPeopleForm({ courseId, onDone }: { courseId: number; onDone: () => void }) {
  const intl = useIntl();
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
    <Loaded value={sections} what={intl.formatMessage({ id: 'people.add.sections.what', defaultMessage: "the course's sections" })}>
      {(list) => {
        const section = sectionId ?? list[0]?.id;
        const onSubmit = (event: FormEvent) => {
          event.preventDefault();
          const addresses = addressesIn(text);
          const refused =
            addresses.length === 0
              ? intl.formatMessage({ id: 'people.add.noAddress', defaultMessage: 'Type the email address of at least one person.' })
              : section === undefined
                ? intl.formatMessage({ id: 'people.add.noSection', defaultMessage: 'The course has no section to add people to.' })
                : undefined;
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
          <form className="stacked-form panel" onSubmit={onSubmit} aria-label={intl.formatMessage({ id: 'people.add', defaultMessage: 'Add people' })} noValidate>
            <div className="field">
              <label htmlFor={`${ids}-addresses`}>
                <FormattedMessage id="people.add.addresses" defaultMessage="Email addresses" />
              </label>
              <textarea
                id={`${ids}-addresses`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-describedby={`${ids}-addresses-help`}
                rows={3}
                dir="ltr"
                disabled={pending}
              />
              <p id={`${ids}-addresses-help`} className="help">
                <FormattedMessage id="people.add.addresses.help" defaultMessage="The addresses people sign in with, separated by commas or on separate lines." />
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-role`}>
                <FormattedMessage id="people.column.role" defaultMessage="Role" />
              </label>
              <select id={`${ids}-role`} value={type} onChange={(e) => setType(e.target.value as EnrollmentType)} disabled={pending}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {enrollmentLabel(role, role)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-section`}>
                <FormattedMessage id="people.add.section" defaultMessage="Section" />
              </label>
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
                <FormattedMessage id="people.add.submit" defaultMessage="Add to course" />
              </button>
              <button type="button" onClick={onDone} disabled={pending}>
                <FormattedMessage id="people.add.close" defaultMessage="Close" />
              </button>
              {pending && (
                <span role="status" className="muted">
                  <FormattedMessage id="people.add.pending" defaultMessage="Adding…" />
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
  const intl = useIntl();
  return (
    <>
      {outcome.added.length > 0 && (
        <p role="status">
          <FormattedMessage
            id="people.add.added"
            defaultMessage="Added {count, plural, one {# person} other {# people}}: {names}."
            values={{ count: outcome.added.length, names: intl.formatList(outcome.added, { type: 'unit' }) }}
          />
        </p>
      )}
      {outcome.unmatched.length > 0 && (
        <p role="alert" className="error">
          <FormattedMessage
            id="people.add.unmatched"
            defaultMessage="No one signs in with {addresses}. {count, plural, one {Check the address, or ask an administrator to create that user first.} other {Check the addresses, or ask an administrator to create those users first.}}"
            values={{ count: outcome.unmatched.length, addresses: intl.formatList(outcome.unmatched, { type: 'unit' }) }}
          />
        </p>
      )}
    </>
  );
}
