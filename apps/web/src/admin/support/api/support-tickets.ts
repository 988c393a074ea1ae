import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { pageOf } from '@lantern/contracts/common';
import {
  ticketListItemSchema,
  ticketSchema,
  type TicketKind,
  type TicketStatus,
} from '@lantern/contracts/communication';
import { apiFetch } from '../../../lib/api-client';

export type FindTicketsParams = {
  page: number;
  limit: number;
  q: string;
  status: TicketStatus | null;
  kind: TicketKind | null;
};

export const findTickets = (params: FindTicketsParams) =>
  apiFetch('/api/en/support-tickets', {
    query: { ...params },
    schema: pageOf(ticketListItemSchema),
  });

export const ticketsQueryOptions = (params: FindTicketsParams) =>
  queryOptions({
    queryKey: ['support-tickets', 'list', params],
    queryFn: () => findTickets(params),
    placeholderData: keepPreviousData,
  });

export const useTickets = (params: FindTicketsParams) => useQuery(ticketsQueryOptions(params));

export const useTicket = (id: number | null) =>
  useQuery({
    queryKey: ['support-tickets', 'one', id],
    queryFn: () => apiFetch(`/api/en/support-tickets/${id ?? 0}`, { schema: ticketSchema }),
    enabled: id !== null,
  });

export type TicketAction =
  | { kind: 'reply'; id: number; version: number; body: string }
  | { kind: 'status'; id: number; version: number; status: TicketStatus };

export const actOnTicket = (action: TicketAction) =>
  apiFetch(`/api/en/support-tickets/${action.id}/${action.kind}`, {
    method: 'POST',
    body:
      action.kind === 'reply'
        ? { body: action.body, version: action.version }
        : { status: action.status, version: action.version },
    schema: ticketSchema,
  });

export function useTicketAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnTicket,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['support-tickets'] }),
  });
}
