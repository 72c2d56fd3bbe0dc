import { organisationMessages, organisationRecord, organisationUpdate } from '@fieldbook/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { type Api, tenantCallerOf } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { fieldInvalid } from '../../platform/http/errors.ts';
import { replySaved, saveIdempotencyHeaders } from '../../platform/http/idempotency.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import { fittedLogo } from './logo-images.ts';
import { logoOf, readOrganisation, savedLogo, saveOrganisation } from './organisation.ts';

const tags = ['organisation'];
/** A 1 MB logo is about 1.4 MB as a data URL. */
const BODY_LIMIT = 2 * 1024 * 1024;

export function registerOrganisationRoutes(api: Api, db: Db, renderer: Renderer): void {
  api.get(
    '/organisation',
    {
      schema: {
        operationId: 'getOrganisation',
        summary: "The organisation's details",
        description:
          'Its name, legal name, ABN, GST registration, contact and payment details, logo and default templates.',
        tags,
        response: { 200: organisationRecord, ...tenantErrors.read },
      },
    },
    (request) => readOrganisation(db, tenantCallerOf(request)),
  );

  /**
   * A new logo must be an image the documents can show, not only a file that starts like one, and small enough to
   * print: one larger than `LOGO_SIDE` pixels a side is saved smaller (`fittedLogo`). Gives the logo to save.
   */
  const checkLogo = async (request: FastifyRequest, logo: string | null): Promise<string | null> => {
    const given = logoOf(logo);
    if (!given) return logo;
    const saved = await inRequestTenant(db, request, savedLogo);
    if (saved?.equals(given.bytes)) return logo;
    const image = await fittedLogo(given);
    if (image === 'too large') throw fieldInvalid('logo', organisationMessages.logoTooLarge);
    if (image === 'unreadable') throw fieldInvalid('logo', organisationMessages.logoUnreadable);
    const name = image.type === 'image/png' ? 'logo.png' : 'logo.jpg';
    // The render waits in the renderer's queue, not the API's; the save after it takes a place again.
    request.handBackPlace();
    const result = await renderer.render(
      {
        body: `#image("/${name}", width: 2cm)`,
        data: '{}',
        files: { [`/${name}`]: new Uint8Array(image.bytes) },
        format: 'svg',
      },
      tenantCallerOf(request).tenantId,
    );
    await request.takePlaceAgain();
    if (!result.ok && result.kind === 'compile')
      throw fieldInvalid('logo', organisationMessages.logoUnreadable);
    return image === given ? logo : `data:${image.type};base64,${image.bytes.toString('base64')}`;
  };

  api.put(
    '/organisation',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        operationId: 'updateOrganisation',
        summary: "Save the organisation's details",
        description:
          'Carries the `updated` it read (409 when someone saved since). The name renames the organisation. The ' +
          'ABN is 11 digits with a valid checksum (spaces allowed as typed, stored without); the logo is a PNG or ' +
          'JPEG data URL of at most 1 MB and 50 million pixels (one over 2,000 pixels a side is saved smaller), or null.',
        tags,
        headers: saveIdempotencyHeaders,
        body: organisationUpdate,
        response: { 200: organisationRecord, ...tenantErrors.update },
      },
    },
    async (request, reply) => {
      const logo = await checkLogo(request, request.body.logo);
      return replySaved(db, request, reply, (tx, tenantId) =>
        saveOrganisation(tx, tenantId, { ...request.body, logo }),
      );
    },
  );
}
