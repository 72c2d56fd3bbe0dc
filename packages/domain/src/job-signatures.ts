import { takenAtField } from './date-fields.ts';
import { imageDataUrl } from './image-data.ts';
import { optionalText } from './text-fields.ts';
import { z } from './zod.ts';

/** A signature drawn with a finger is a small PNG: a few tens of kilobytes. */
export const MAX_SIGNATURE_BYTES = 256 * 1024;

export const signatureMessages = {
  image: 'Send the signature as a PNG data URL ("data:image/png;base64,…").',
  size: 'The signature is too large: at most 256 KB.',
  signerName: 'Enter the name of the person signing.',
  signature: 'Ask the customer to sign, or say that they were not there.',
  notPresent: 'A signature and "customer not present" cannot go together.',
} as const;

/**
 * The customer's sign-off of a finished job: their name and their signature drawn with a finger (a PNG), or that
 * they were not there to sign.
 */
export const signatureFields = z
  .object({
    customerNotPresent: z.boolean({ error: 'Say whether the customer was present.' }).default(false),
    signerName: optionalText(200),
    image: imageDataUrl(['image/png'], MAX_SIGNATURE_BYTES, {
      type: signatureMessages.image,
      size: signatureMessages.size,
    }),
    takenAt: takenAtField(),
  })
  .superRefine((fields, context) => {
    if (fields.customerNotPresent) {
      if (fields.image !== null)
        context.addIssue({ code: 'custom', path: ['image'], message: signatureMessages.notPresent });
      return;
    }
    if (!fields.signerName)
      context.addIssue({ code: 'custom', path: ['signerName'], message: signatureMessages.signerName });
    if (fields.image === null)
      context.addIssue({ code: 'custom', path: ['image'], message: signatureMessages.signature });
  })
  // With the customer not there nobody signed: a name sent along (a form's first guess) is not kept.
  .transform((fields) => (fields.customerNotPresent ? { ...fields, signerName: null } : fields));

export type SignatureFields = z.output<typeof signatureFields>;

/** A job's sign-off as the API returns it: who signed and when, and who took it. */
export const signatureRecord = z.object({
  job: z.object({ id: z.uuid() }),
  customerNotPresent: z.boolean(),
  signerName: z.string().nullable(),
  /** The signature as a PNG data URL; null when the customer was not present. */
  image: z.string().nullable(),
  signedAt: z.string(),
  /** The member who took it (their name as the organisation knew it). */
  takenBy: z.string().nullable(),
});

export type Signature = z.infer<typeof signatureRecord>;
