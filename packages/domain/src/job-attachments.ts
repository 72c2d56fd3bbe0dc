import { z } from './zod.ts';

/** The largest file a job takes: a phone's photo is 2–8 MB, a scanned PDF more. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** What a job takes, by the content's real type (not the file's name): photos and PDFs. */
export const JOB_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type JobAttachmentType = (typeof JOB_ATTACHMENT_TYPES)[number];

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 400;

export const jobAttachmentMessages = {
  empty: 'The file is empty. Choose the photo or PDF again.',
  tooLarge: 'The file is larger than 20 MB. Attach a smaller photo or PDF.',
  type: 'Attach a photo (JPEG, PNG or WebP) or a PDF. This file is another kind, so it was not added.',
  heic: 'HEIC photos cannot be added yet: on an iPhone choose Settings, Camera, Formats, Most Compatible, or attach the photo from the Photos app, which sends a JPEG.',
  unreadable: 'This image could not be read. Take the photo again, or save it as a JPEG and attach that.',
  filename: 'Give the file a name of at most 200 characters.',
  notYours: 'Only the person who added a file, or the office, can delete it.',
} as const;

/** A file on a job as the API returns it: a photo (with its size and a thumbnail) or a PDF. */
export const jobAttachmentRecord = z.object({
  id: z.uuid(),
  job: z.object({ id: z.uuid() }),
  /** The name it was uploaded with. */
  filename: z.string(),
  contentType: z.enum(JOB_ATTACHMENT_TYPES),
  /** Bytes, as stored (a photo after it was turned upright and its metadata removed). */
  size: z.number().int(),
  /** A photo's width and height in pixels, upright; null for a PDF. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A photo has a thumbnail (`GET …/thumbnail`, WebP, at most `THUMBNAIL_SIZE` pixels a side); a PDF has none. */
  thumbnail: z.boolean(),
  addedBy: z.object({ name: z.string().nullable(), mine: z.boolean() }),
  created: z.string(),
});
export type JobAttachment = z.infer<typeof jobAttachmentRecord>;

/** The query of an upload: the file's name (the body is the file's bytes). */
export const jobAttachmentUpload = z.object({
  filename: z
    .string({ error: jobAttachmentMessages.filename })
    .trim()
    .min(1, { error: jobAttachmentMessages.filename })
    .max(200, { error: jobAttachmentMessages.filename })
    .describe('The file’s name, as the person chose it (IMG_0412.jpg).'),
});
