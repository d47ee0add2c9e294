import { useIntl } from 'react-intl';
import type { DiscussionTopic } from '../../../../contracts/discussion-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';

/** A moderator's one-press changes to a topic, named with its title so a list of them reads apart. */
export function TopicActions({ courseId, topic }: { courseId: number; topic: DiscussionTopic }) {
  const intl = useIntl();
  const saveRequested = useAuthoringStore((s) => s.topicSaveRequested);
  const { pending, error, submit } = useSubmission();
  const toggle = (change: { pinned: boolean } | { locked: boolean }) => void submit(() => saveRequested(courseId, topic.id, change));
  return (
    <div className="button-row">
      {/* Announcements are not pinned in Canvas: they are listed newest first. */}
      {!topic.is_announcement && (
        <button type="button" onClick={() => toggle({ pinned: !topic.pinned })} disabled={pending}>
          {intl.formatMessage(
            { id: 'discussions.pinToggle', defaultMessage: '{pinned, select, true {Unpin} other {Pin}} {title}' },
            { pinned: String(topic.pinned), title: topic.title },
          )}
        </button>
      )}
      <button type="button" onClick={() => toggle({ locked: !topic.locked })} disabled={pending}>
        {intl.formatMessage(
          { id: 'discussions.lockToggle', defaultMessage: '{locked, select, true {Unlock} other {Lock}} {title}' },
          { locked: String(topic.locked), title: topic.title },
        )}
      </button>
      <FormError message={error} />
    </div>
  );
}
