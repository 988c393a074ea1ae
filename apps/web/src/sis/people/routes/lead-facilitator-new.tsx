import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffNewPage } from '../components/staff-pages';

export const loader = requireRight('LEAD_FACILITATOR__CREATE');

export default function LeadFacilitatorNewRoute() {
  return <StaffNewPage kind="lead-facilitator" />;
}
