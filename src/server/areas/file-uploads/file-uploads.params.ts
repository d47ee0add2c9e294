import { z } from 'zod';
import { UploadedFile } from '../../http/params/multipart-body.ts';

/**
 * Step 2 of Canvas's upload: the token in the path, the `upload_params` of step 1 as form fields (accepted and
 * ignored: the file's metadata is what step 1 validated), and the `file` part.
 */
export const uploadParams = z.object({
  upload_token: z.string().max(100),
  file: z.custom<UploadedFile>((value) => value instanceof UploadedFile, { message: 'is required: send the bytes as the last part, named "file"' }),
});
