import '../../../components/list-styles';
import { requireRight } from '../../../lib/require-right';
import { PeopleList } from '../components/people-list';
import { KINDS } from '../kinds';

export const loader = requireRight('COORDINATOR__DISPLAY');

export default function CoordinatorListRoute() {
  return <PeopleList config={KINDS.coordinator} />;
}
