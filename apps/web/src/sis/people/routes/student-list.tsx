import '../../../components/list-styles';
import { requireRight } from '../../../lib/require-right';
import { PeopleList } from '../components/people-list';
import { KINDS } from '../kinds';

export const loader = requireRight('STUDENT__DISPLAY');

export default function StudentListRoute() {
  return <PeopleList config={KINDS.student} />;
}
