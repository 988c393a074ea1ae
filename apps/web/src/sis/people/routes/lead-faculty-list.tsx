import '../../../components/list-styles';
import { requireRight } from '../../../lib/require-right';
import { PeopleList } from '../components/people-list';
import { KINDS } from '../kinds';

export const loader = requireRight('LEAD_FACULTY__DISPLAY');

export default function LeadFacultyListRoute() {
  return <PeopleList config={KINDS['lead-faculty']} />;
}
