import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  automaticMailInputSchema,
  automaticMailListSchema,
  automaticMailParams,
  automaticMailSchema,
  automaticMailUpdateSchema,
  previewInputSchema,
  previewSchema,
} from '@lantern/contracts/automatic-mail';
import { okSchema } from '@lantern/contracts/common';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import * as service from './automatic-mails.service';

const listParams = localeParams.extend(automaticMailParams.shape);
const itemParams = listParams.extend({
  itemId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A programme's automatic mails (`automatic-mail/:programmeType/:programmeId/…`). */
export async function automaticMailRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/automatic-mail/:programmeType/:programmeId';
  const tags = ['automatic-mails'];

  r.get(base, {
    config: { access: { right: 'AUTOMATIC_MAIL__DISPLAY' }, programme: 'fromPath' },
    schema: {
      tags,
      summary: 'The automatic mails of a programme, with how many each has sent',
      params: listParams,
      response: { 200: automaticMailListSchema },
    },
    handler: async (request) => {
      const { programmeType, programmeId } = request.params;
      return service.listMails(deps, authOf(request), programmeType, programmeId);
    },
  });

  r.post(base, {
    config: { access: { right: 'AUTOMATIC_MAIL__CREATE' }, programme: 'fromPath' },
    schema: {
      tags,
      summary: 'Creates an automatic mail',
      params: listParams,
      body: automaticMailInputSchema,
      response: { 200: automaticMailSchema },
    },
    handler: async (request) => {
      const { programmeType, programmeId } = request.params;
      return service.createMail(deps, authOf(request), programmeType, programmeId, request.body);
    },
  });

  r.get(`${base}/:itemId`, {
    config: { access: { right: 'AUTOMATIC_MAIL__DISPLAY' }, programme: 'fromPath' },
    schema: {
      tags,
      summary: 'One automatic mail',
      params: itemParams,
      response: { 200: automaticMailSchema },
    },
    handler: async (request) => {
      const { programmeType, programmeId, itemId } = request.params;
      return service.getMail(deps, authOf(request), programmeType, programmeId, itemId);
    },
  });

  r.put(`${base}/:itemId`, {
    config: { access: { right: 'AUTOMATIC_MAIL__EDIT' }, programme: 'fromPath' },
    schema: {
      tags,
      summary: 'Changes an automatic mail at the version the editor saw',
      params: itemParams,
      body: automaticMailUpdateSchema,
      response: { 200: automaticMailSchema },
    },
    handler: async (request) => {
      const { programmeType, programmeId, itemId } = request.params;
      return service.updateMail(
        deps,
        authOf(request),
        programmeType,
        programmeId,
        itemId,
        request.body,
      );
    },
  });

  r.delete(`${base}/:itemId`, {
    config: { access: { right: 'AUTOMATIC_MAIL__DELETE' }, programme: 'fromPath' },
    schema: {
      tags,
      summary: 'Deletes an automatic mail',
      params: itemParams,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      const { programmeType, programmeId, itemId } = request.params;
      await service.deleteMail(deps, authOf(request), programmeType, programmeId, itemId);
      return { ok: true as const };
    },
  });

  r.post(`${base}/:itemId/preview`, {
    config: { access: { right: 'AUTOMATIC_MAIL__DISPLAY' }, programme: 'fromPath' },
    schema: {
      tags,
      summary: 'The mail filled with a real student’s data',
      params: itemParams,
      body: previewInputSchema,
      response: { 200: previewSchema },
    },
    handler: async (request) => {
      const { programmeType, programmeId, itemId } = request.params;
      return service.preview(
        deps,
        authOf(request),
        programmeType,
        programmeId,
        itemId,
        request.body.studentId,
      );
    },
  });

  r.post(`${base}/:itemId/test-send`, {
    config: { access: { right: 'AUTOMATIC_MAIL__EDIT' }, programme: 'fromPath' },
    schema: {
      tags,
      summary: 'Sends the filled mail to yourself, marked as a test',
      params: itemParams,
      body: previewInputSchema,
      response: { 200: z.object({ to: z.string() }) },
    },
    handler: async (request) => {
      const { programmeType, programmeId, itemId } = request.params;
      return service.testSend(
        deps,
        authOf(request),
        programmeType,
        programmeId,
        itemId,
        request.body.studentId,
      );
    },
  });
}
