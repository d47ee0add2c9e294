import { MAX_FILE_BYTES } from '../../../contracts/upload-limits.ts';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Why Outpost would refuse this file for the assignment, in words, before any byte is sent: too large for Outpost,
 * or not one of the extensions the assignment allows. The server refuses the same files either way.
 */
export function fileProblem(file: { name: string; size: number }, allowedExtensions: readonly string[]): string | undefined {
  if (file.size > MAX_FILE_BYTES) {
    return `${file.name} is ${megabytes(file.size)}; the largest file Outpost takes is ${megabytes(MAX_FILE_BYTES)}.`;
  }
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (allowedExtensions.length > 0 && (extension === undefined || !allowedExtensions.includes(extension))) {
    return `${file.name} is not a file type this assignment takes. Allowed: ${allowedExtensions.join(', ')}.`;
  }
  return undefined;
}
