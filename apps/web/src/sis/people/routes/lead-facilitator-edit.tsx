import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffEditPage } from '../components/staff-pages';

export const loader = requireRight('LEAD_FACILITATOR__EDIT');

export default function LeadFacilitatorEditRoute() {
  return <StaffEditPage kind="lead-facilitator" />;
}
