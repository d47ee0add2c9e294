/**
 * The body limit of routes taking page bodies or a file's bytes as base64 (the one-request upload, a device's
 * replayed writes), in bytes.
 */
export const LARGE_BODY_BYTES = 2 * 1024 * 1024;

/**
 * The largest file Outpost stores, in bytes. Base64 (4/3) plus the JSON around it must fit the 2 MB body limit of
 * the one-request upload; the UI checks it before sending, and the server refuses anything larger either way.
 */
export const MAX_FILE_BYTES = 1_400_000;

