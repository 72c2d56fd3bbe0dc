import { z } from './zod.ts';

// Images sent in a JSON body as data URLs ("data:image/png;base64,…"): a logo, a customer's signature.

type ImageType = 'image/png' | 'image/jpeg';

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]*={0,2})$/;

/** The bytes a base64 text holds, without decoding it. */
const base64Bytes = (data: string) =>
  Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0);

/** The image's own first bytes say what it is, whatever the data URL claims. */
function startsAs(data: string, type: string): boolean {
  const head = atob(data.slice(0, 12));
  const bytes = [...head].map((char) => char.charCodeAt(0));
  if (type === 'image/png') return [0x89, 0x50, 0x4e, 0x47].every((byte, index) => bytes[index] === byte);
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/**
 * An image as a data URL of one of `types`, whose bytes really are that type, of at most `maxBytes`; or null for
 * none (an empty text is none too).
 */
export const imageDataUrl = (
  types: readonly ImageType[],
  maxBytes: number,
  messages: { type: string; size: string },
) =>
  z
    .string({ error: messages.type })
    .nullish()
    .transform((value) => value || null)
    .superRefine((value, context) => {
      if (value === null) return;
      const match = DATA_URL.exec(value);
      const type = match?.[1] as ImageType | undefined;
      if (
        !type ||
        !types.includes(type) ||
        !match?.[2] ||
        match[2].length % 4 !== 0 ||
        !startsAs(match[2], type)
      )
        context.addIssue({ code: 'custom', message: messages.type });
      else if (base64Bytes(match[2]) > maxBytes) context.addIssue({ code: 'custom', message: messages.size });
    });
