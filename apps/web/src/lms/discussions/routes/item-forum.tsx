import '../styles';
import { Loader } from '@mantine/core';
import { Navigate, useLocation, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useItemForum } from '../api/get-item-forum';

export const loader = requireRight('COURSE_DOCUMENT__DISPLAY');

/** discuss/item/:itemId: a graded discussion's answer page is its forum, opened by the item. */
export default function ItemForumPage() {
  const itemId = Number(useParams().itemId);
  const { search } = useLocation();
  const forum = useItemForum(itemId);
  if (forum.error) return <ErrorAlert error={forum.error} />;
  if (!forum.data) return <Loader size="sm" />;
  return <Navigate replace to={`/en/discuss/${forum.data.forumId}${search}`} />;
}
