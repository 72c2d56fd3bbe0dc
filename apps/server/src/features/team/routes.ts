import {
  invitationAcceptance,
  invitationFields,
  invitationPreview,
  invitationRecord,
  invitationUpdate,
  memberRecord,
  memberUpdate,
  tenantEntry,
} from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import { type Api, callerOf } from '../../platform/http/api-scopes.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import { replyCreated, replySaved } from '../../platform/http/idempotency.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { createSchema, updateSchema } from '../../platform/http/route-schemas.ts';
import { samePathId } from '../../platform/http/tenant-requests.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import { personOf } from '../identity/index.ts';
import {
  acceptInvitation,
  createInvitation,
  findInvitation,
  invitationList,
  previewInvitation,
  revokeInvitation,
  updateInvitation,
} from './invitations.ts';
import { findMember, memberList, removeMember, updateMember } from './members.ts';

const tags = ['team'];

/** Members and invitations: Owners only (platform/http/permissions.ts). */
export function registerTeamRoutes(api: Api, db: Db, mail: MailWorker, publicUrl: string): void {
  const inviter = (subject: string) => ({ subject, publicUrl });

  registerRecordRoutes(api, db, {
    path: '/members',
    name: 'Member',
    tags,
    record: memberRecord,
    list: { summary: "The organisation's members, Owners first", list: memberList },
    read: { summary: 'Get a member', command: findMember },
    save: {
      summary: "Change a member's role",
      description:
        'The last Owner cannot be made anything else (400 on `role`). A technician link needs the Technician role.',
      body: memberUpdate,
      command: (id, body) => (tx, tenantId) => updateMember(tx, tenantId, id, body),
    },
    remove: {
      operationId: 'removeMember',
      summary: 'Remove a member',
      description:
        'They can no longer act in the organisation; what they made stays. Never the last Owner (409).',
      command: removeMember,
    },
  });

  // An invitation's create and save send mail after their commit.
  registerRecordRoutes(api, db, {
    path: '/invitations',
    name: 'Invitation',
    tags,
    record: invitationRecord,
    list: { summary: 'Open invitations (pending or expired)', list: invitationList },
    read: { summary: 'Get an invitation', command: findInvitation },
    remove: { operationId: 'revokeInvitation', summary: 'Revoke an invitation', command: revokeInvitation },
  });

  const invite = {
    operationId: 'createInvitation',
    summary: 'Invite someone by email',
    description:
      'Emails a single-use link, valid for 7 days, through the outbox. An address that is a member or already invited is a 400 on `email`. Honours `Idempotency-Key`.',
    tags,
  };
  api.post(
    '/invitations',
    createSchema(invite, invitationFields, invitationRecord),
    async (request, reply) => {
      const sent = await replyCreated(db, request, reply, (tx, tenantId, member) =>
        createInvitation(tx, tenantId, request.body, inviter(member.subject)),
      );
      mail.kick();
      return sent;
    },
  );

  const save = {
    operationId: 'updateInvitation',
    summary: "Change an invitation's role, or resend it",
    description: '`resend: true` emails a new link valid 7 days from now; the old link stops working.',
    tags,
  };
  api.put(
    '/invitations/:id',
    updateSchema(save, invitationUpdate, invitationRecord),
    async (request, reply) => {
      samePathId(request.params.id, request.body);
      const saved = await replySaved(db, request, reply, (tx, tenantId, member) =>
        updateInvitation(tx, tenantId, request.params.id, request.body, inviter(member.subject)),
      );
      mail.kick();
      return saved;
    },
  );
}

const linkTags = ['account'];

/** The invitation link, for any signed-in caller (they may belong to no organisation yet). */
export function registerInvitationLinkRoutes(api: Api, db: Db): void {
  api.post(
    '/invitation-links/preview',
    {
      schema: {
        operationId: 'previewInvitation',
        summary: 'What an invitation link offers',
        tags: linkTags,
        body: invitationAcceptance,
        response: {
          200: invitationPreview,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT', 'INTERNAL'),
        },
      },
    },
    (request) => previewInvitation(db, request.body.token),
  );

  api.post(
    '/invitation-links/accept',
    {
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Join the organisation an invitation link is for',
        description:
          'Whoever is signed in joins, with the invitation’s role; the link then stops working. Sign in again naming the organisation to act in it. Someone already a member is refused (409), and the link stays for the one it was for.',
        tags: linkTags,
        body: invitationAcceptance,
        response: {
          200: tenantEntry,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT', 'INTERNAL'),
        },
      },
    },
    async (request) =>
      acceptInvitation(db, request.body.token, await personOf(db, callerOf(request).subject)),
  );
}
