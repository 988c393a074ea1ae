import '../../../components/list-styles';
import { requireRight } from '../../../lib/require-right';
import { PeopleList } from '../components/people-list';
import { KINDS } from '../kinds';

export const loader = requireRight('FACILITATOR__DISPLAY');

export default function FacilitatorListRoute() {
  return <PeopleList config={KINDS.facilitator} />;
}
