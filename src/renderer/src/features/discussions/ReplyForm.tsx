import { useIntl } from 'react-intl';
import { CommentForm } from '../../components/CommentForm.tsx';
import { plainTextHtml } from '../../lib/plain-text-html.ts';
import { currentApi } from '../../stores/session-store.ts';
import { useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

interface ReplyFormProps {
  courseId: number;
  topicId: number;
  /** The entry replied to; the topic itself when absent. */
  parentId?: number;
  /** Called once the reply is saved (a nested form closes). */
  onPosted?: () => void;
}

/** `Reply` and `Post reply`: the reply goes to this device's API at once, so it works with the network down. */
export function ReplyForm({ courseId, topicId, parentId, onPosted }: ReplyFormProps) {
  const intl = useIntl();
  const send = async (text: string) => {
    await currentApi().postEntry(courseId, topicId, plainTextHtml(text), parentId);
    const { resourceStale } = useResourceStore.getState();
    await Promise.all([resourceStale(resources.topicView(courseId, topicId)), resourceStale(resources.discussionTopics(courseId))]);
    onPosted?.();
  };
  return (
    <CommentForm
      send={send}
      label={intl.formatMessage({ id: 'discussions.reply.label', defaultMessage: 'Reply', description: 'The box a reply is typed in.' })}
      action={intl.formatMessage({ id: 'discussions.reply.post', defaultMessage: 'Post reply' })}
      className="reply-form"
    />
  );
}
