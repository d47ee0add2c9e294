import { MAX_FILE_BYTES } from '../../../contracts/upload-limits.ts';
import { currentIntl } from '../i18n/current-intl.ts';
import { formatFileSize } from './format.ts';

/**
 * Why Outpost would refuse this file for the assignment, in words, before any byte is sent: too large for Outpost,
 * or not one of the extensions the assignment allows. The server refuses the same files either way.
 */
export function fileProblem(file: { name: string; size: number }, allowedExtensions: readonly string[]): string | undefined {
  const intl = currentIntl();
  if (file.size > MAX_FILE_BYTES) {
    return intl.formatMessage(
      { id: 'files.tooLarge', defaultMessage: '{name} is {size}; the largest file Outpost takes is {largest}.' },
      { name: file.name, size: formatFileSize(file.size), largest: formatFileSize(MAX_FILE_BYTES) },
    );
  }
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (allowedExtensions.length > 0 && (extension === undefined || !allowedExtensions.includes(extension))) {
    return intl.formatMessage(
      { id: 'files.typeRefused', defaultMessage: '{name} is not a file type this assignment takes. Allowed: {allowed}.' },
      { name: file.name, allowed: intl.formatList(allowedExtensions, { type: 'unit' }) },
    );
  }
  return undefined;
}
