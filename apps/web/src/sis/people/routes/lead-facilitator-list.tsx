import '../../../components/list-styles';
import { requireRight } from '../../../lib/require-right';
import { PeopleList } from '../components/people-list';
import { KINDS } from '../kinds';

export const loader = requireRight('LEAD_FACILITATOR__DISPLAY');

export default function LeadFacilitatorListRoute() {
  return <PeopleList config={KINDS['lead-facilitator']} />;
}
