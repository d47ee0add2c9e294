import type { MessageDescriptor } from '@formatjs/intl';

/**
 * The type to give `defineMessages(...)` results: FormatJS infers each message's arguments as none unless they are
 * spelled out as a type, so a message with arguments would not accept its values. react-intl checks the values at
 * run time (a missing one is a console error, which the e2e tests fail on).
 */
export type Messages<K extends string> = Readonly<Record<K, MessageDescriptor>>;
