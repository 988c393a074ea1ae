import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  postSchema,
  topicCreatedSchema,
  topicSummarySchema,
  type PostCreate,
  type PostRemove,
  type PostUpdate,
  type TopicCreate,
  type TopicUpdate,
} from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** Starting topics, replying, editing and moderating: each refreshes the discussion reads. */

export const createTopic = (forumId: number, input: TopicCreate) =>
  apiFetch(`/api/en/lms/forum/${forumId}/topics`, {
    method: 'POST',
    body: input,
    schema: topicCreatedSchema,
  });

export const createPost = (topicId: number, input: PostCreate) =>
  apiFetch(`/api/en/lms/topic/${topicId}/posts`, {
    method: 'POST',
    body: input,
    schema: postSchema,
  });

export const updatePost = (postId: number, input: PostUpdate) =>
  apiFetch(`/api/en/lms/post/${postId}`, { method: 'PATCH', body: input, schema: postSchema });

export const setRemoved = (postId: number, remove: boolean, input: PostRemove = {}) =>
  apiFetch(`/api/en/lms/post/${postId}/${remove ? 'remove' : 'restore'}`, {
    method: 'POST',
    ...(remove ? { body: input } : {}),
    schema: postSchema,
  });

export const updateTopic = (topicId: number, input: TopicUpdate) =>
  apiFetch(`/api/en/lms/topic/${topicId}`, {
    method: 'PATCH',
    body: input,
    schema: topicSummarySchema,
  });

function useDiscussionMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  });
}

export const useCreateTopic = (forumId: number) =>
  useDiscussionMutation((input: TopicCreate) => createTopic(forumId, input));
export const useCreatePost = (topicId: number) =>
  useDiscussionMutation((input: PostCreate) => createPost(topicId, input));
export const useUpdatePost = () =>
  useDiscussionMutation((v: { postId: number; input: PostUpdate }) =>
    updatePost(v.postId, v.input),
  );
export const useSetRemoved = () =>
  useDiscussionMutation((v: { postId: number; remove: boolean; reason?: string }) =>
    setRemoved(v.postId, v.remove, v.reason ? { reason: v.reason } : {}),
  );
export const useUpdateTopic = (topicId: number) =>
  useDiscussionMutation((input: TopicUpdate) => updateTopic(topicId, input));
