/**
 * The largest file Outpost stores, in bytes. Base64 (4/3) plus the JSON around it must fit the 2 MB body limit of
 * the one-request upload; the UI checks it before sending, and the server refuses anything larger either way.
 */
export const MAX_FILE_BYTES = 1_400_000;

/**
 * Why a device that syncs with a hub takes no submission files yet (its sync cannot carry them to the hub): the
 * server's refusal and the assignment screen say the same words.
 */
export const NO_FILES_ON_DEVICES = 'Submission files cannot be sent from a device that syncs with a hub yet: submit the files on the hub.';
