import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classFlagCountSchema,
  dropoutItemInputSchema,
  dropoutItemListSchema,
  dropoutItemSchema,
  dropoutItemUpdateSchema,
  dropoutParams,
  flagDetailSchema,
  flagListSchema,
  flagQuerySchema,
  followUpInputSchema,
  followUpListSchema,
  followUpQuerySchema,
  followUpSchema,
  previewSchema,
  reportSchema,
  runResultSchema,
  dropoutTermSchema,
} from '@lantern/contracts/dropout';
import { okSchema } from '@lantern/contracts/common';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import * as service from './dropout.service';
import * as flags from './dropout-flags.service';
import * as followUps from './dropout-follow-ups.service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const listParams = localeParams.extend(dropoutParams.shape);
const termParams = listParams.extend({ termKey: dropoutTermSchema });
const itemParams = termParams.extend({ itemId: id });
const flagParams = listParams.extend({ flagId: z.coerce.number().int().positive() });

/** Dropout flagging of a programme (`dropout-flagging/:programmeType/:programmeId/…`, 0021 §3.8). */
export async function dropoutRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/dropout-flagging/:programmeType/:programmeId';
  const tags = ['dropout-flagging'];
  const scoped = (right: Parameters<typeof accessOf>[0]) => ({
    access: accessOf(right),
    programme: 'fromPath' as const,
  });

  r.get(base, {
    config: scoped('DROPOUT_FLAGGING__DISPLAY'),
    schema: {
      tags,
      summary: 'The dropout flagging items of a programme, with how many each flags now',
      params: listParams,
      response: { 200: dropoutItemListSchema },
    },
    handler: async (request) =>
      service.listItems(
        deps,
        authOf(request),
        request.params.programmeType,
        request.params.programmeId,
      ),
  });

  r.post(`${base}/run`, {
    config: scoped('DROPOUT_FLAGGING__EDIT'),
    schema: {
      tags,
      summary: 'Evaluates the programme’s items now',
      params: listParams,
      response: { 200: runResultSchema },
    },
    handler: async (request) =>
      service.run(deps, authOf(request), request.params.programmeType, request.params.programmeId),
  });

  r.get(`${base}/flags`, {
    config: scoped('DROPOUT_FLAGGING__DISPLAY'),
    schema: {
      tags,
      summary: 'Flagged students with their evidence',
      params: listParams,
      querystring: flagQuerySchema,
      response: { 200: flagListSchema },
    },
    handler: async (request) =>
      flags.listFlags(
        deps,
        authOf(request),
        request.params.programmeType,
        request.params.programmeId,
        request.query,
      ),
  });

  r.get(`${base}/flags/:flagId`, {
    config: scoped('DROPOUT_FLAGGING__DISPLAY'),
    schema: {
      tags,
      summary: 'One flag: its evidence, the tasks it names, its follow-ups',
      params: flagParams,
      response: { 200: flagDetailSchema },
    },
    handler: async (request) =>
      flags.getFlag(
        deps,
        authOf(request),
        request.params.programmeType,
        request.params.programmeId,
        request.params.flagId,
      ),
  });

  r.get(`${base}/report`, {
    config: scoped('DROPOUT_FLAGGING__DISPLAY'),
    schema: {
      tags,
      summary: 'Per item, how many flagged students later dropped out (for tuning)',
      params: listParams,
      response: { 200: reportSchema },
    },
    handler: async (request) =>
      service.report(
        deps,
        authOf(request),
        request.params.programmeType,
        request.params.programmeId,
      ),
  });

  const pathOf = (p: { programmeType: ProgrammeType; programmeId: number; termKey: string }) => ({
    type: p.programmeType,
    programmeId: p.programmeId,
    termKey: p.termKey,
  });

  r.post(`${base}/:termKey`, {
    config: scoped('DROPOUT_FLAGGING__CREATE'),
    schema: {
      tags,
      summary: 'Creates a dropout flagging item',
      params: termParams,
      body: dropoutItemInputSchema,
      response: { 200: dropoutItemSchema },
    },
    handler: async (request) =>
      service.createItem(deps, authOf(request), pathOf(request.params), request.body),
  });

  r.post(`${base}/:termKey/preview`, {
    config: scoped('DROPOUT_FLAGGING__DISPLAY'),
    schema: {
      tags,
      summary: 'Whom an unsaved item would flag now: the count and the first 50 with evidence',
      params: termParams,
      body: dropoutItemInputSchema,
      response: { 200: previewSchema },
    },
    handler: async (request) =>
      service.preview(deps, authOf(request), pathOf(request.params), request.body),
  });

  r.get(`${base}/:termKey/:itemId`, {
    config: scoped('DROPOUT_FLAGGING__DISPLAY'),
    schema: {
      tags,
      summary: 'One dropout flagging item',
      params: itemParams,
      response: { 200: dropoutItemSchema },
    },
    handler: async (request) =>
      service.getItem(deps, authOf(request), pathOf(request.params), request.params.itemId),
  });

  r.put(`${base}/:termKey/:itemId`, {
    config: scoped('DROPOUT_FLAGGING__EDIT'),
    schema: {
      tags,
      summary: 'Changes an item at the version the editor saw',
      params: itemParams,
      body: dropoutItemUpdateSchema,
      response: { 200: dropoutItemSchema },
    },
    handler: async (request) =>
      service.updateItem(
        deps,
        authOf(request),
        pathOf(request.params),
        request.params.itemId,
        request.body,
      ),
  });

  r.delete(`${base}/:termKey/:itemId`, {
    config: scoped('DROPOUT_FLAGGING__DELETE'),
    schema: {
      tags,
      summary: 'Deletes an item and clears its open flags',
      params: itemParams,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await service.deleteItem(
        deps,
        authOf(request),
        pathOf(request.params),
        request.params.itemId,
      );
      return { ok: true as const };
    },
  });

  r.get('/api/:locale/dropout-flagging/class/:classId', {
    config: { access: { right: 'CLASSROOM__DISPLAY' } },
    schema: {
      tags,
      summary: 'How many students of a class are flagged now (the class view’s badge)',
      params: localeParams.extend({ classId: id }),
      response: { 200: classFlagCountSchema },
    },
    handler: async (request) => flags.classFlagCount(deps, authOf(request), request.params.classId),
  });

  // The assignee's own follow-ups: the rows are those the user is responsible for (by role and
  // CLC or class), or every one in scope for DROPOUT_FLAGGING__EDIT.
  r.get('/api/:locale/dropout-follow-ups', {
    config: { access: { right: 'DROPOUT_FOLLOW_UP__DISPLAY' } },
    schema: {
      tags,
      summary: 'The dropout follow-ups you are responsible for, open or done, with the evidence',
      params: localeParams,
      querystring: followUpQuerySchema,
      response: { 200: followUpListSchema },
    },
    handler: async (request) => followUps.listMyFollowUps(deps, authOf(request), request.query),
  });

  r.put('/api/:locale/dropout-follow-up/:followUpId', {
    config: { access: { right: 'DROPOUT_FOLLOW_UP__EDIT' } },
    schema: {
      tags,
      summary: 'Records a follow-up’s outcome (its assignee, or DROPOUT_FLAGGING__EDIT)',
      params: localeParams.extend({ followUpId: z.coerce.number().int().positive() }),
      body: followUpInputSchema,
      response: { 200: followUpSchema },
    },
    handler: async (request) =>
      followUps.updateFollowUp(deps, authOf(request), request.params.followUpId, request.body),
  });
}

type DropoutRight =
  | 'DROPOUT_FLAGGING__DISPLAY'
  | 'DROPOUT_FLAGGING__CREATE'
  | 'DROPOUT_FLAGGING__EDIT'
  | 'DROPOUT_FLAGGING__DELETE';
const accessOf = (right: DropoutRight) => ({ right });
