/** A command used wrongly or pointed at the wrong thing: its message is the one line a person needs, no stack. */
export class CommandError extends Error {}
