import '../../../components/list-styles';
import { requireRight } from '../../../lib/require-right';
import { PeopleList } from '../components/people-list';
import { KINDS } from '../kinds';

export const loader = requireRight('USER__DISPLAY');

export default function UserListRoute() {
  return <PeopleList config={KINDS.user} />;
}
