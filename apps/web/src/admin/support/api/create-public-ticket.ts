import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ticketCreatedSchema,
  type publicTicketInputSchema,
} from '@lantern/contracts/communication';
import { apiFetch } from '../../../lib/api-client';

export type PublicTicket = z.input<typeof publicTicketInputSchema>;

export const createPublicTicket = (ticket: PublicTicket) =>
  apiFetch('/public-api/1.0/public-ticket', {
    method: 'POST',
    body: ticket,
    schema: ticketCreatedSchema,
    auth: false,
  });

export const useCreatePublicTicket = () => useMutation({ mutationFn: createPublicTicket });
