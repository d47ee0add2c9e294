import { useState } from 'react';
import { defineMessage, FormattedMessage } from 'react-intl';

/** The checkbox's name, also the new-module form's. */
export const publishedMessage = defineMessage({ id: 'modules.published', defaultMessage: 'Published' });

interface PublishedCheckboxProps {
  published: boolean;
  /** Sends the change; settles once the list shows the server's answer (it never rejects: failures show elsewhere). */
  onChange: (published: boolean) => Promise<void>;
  /** The id of what it publishes, when the name alone ("Published") is shared by several on the screen. */
  describedBy?: string;
}

/** `Published`, changed at once on screen while the API records it; the server's state wins when it answers. */
export function PublishedCheckbox({ published, onChange, describedBy }: PublishedCheckboxProps) {
  const [sending, setSending] = useState<boolean>();
  const change = async (wanted: boolean) => {
    setSending(wanted);
    await onChange(wanted);
    setSending(undefined);
  };
  return (
    <label className="checkbox">
      <input type="checkbox" checked={sending ?? published} aria-describedby={describedBy} onChange={(e) => void change(e.target.checked)} />
      <FormattedMessage {...publishedMessage} />
    </label>
  );
}
