import { z } from 'zod';

/** A file's bytes in a response, as OpenAPI declares them: a binary string (never parsed or serialised). */
export const fileBytes = z.custom<Uint8Array | string>().meta({ type: 'string', format: 'binary' });

/** A 200 response of a PDF (`application/pdf`), not JSON. */
export const pdfResponse = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: fileBytes } },
});
