import type { MigrationStrategies } from 'rxdb';
import type { StoredRecord } from '../storage/record-schema.ts';
import { submissionRecord } from './declarations/course-user-declarations.ts';
import type { SubmissionData } from './records/submission-records.ts';

/**
 * The strategies that bring stored records to each schema version of storage/record-schema.ts: strategy n migrates
 * a record from version n-1. They re-derive what the record declarations derive (slots), so they live beside them.
 */
export const RECORD_MIGRATIONS: MigrationStrategies = {
  // Version 1: a submission's sort_key says whether it was submitted and whether it needs grading.
  // Records of type 'submission' were written through the submissions repository, so their data is SubmissionData.
  1: (doc: StoredRecord) =>
    doc.type === submissionRecord.type ? { ...doc, ...submissionRecord.slots(doc.data as unknown as SubmissionData) } : doc,
};
