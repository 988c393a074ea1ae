import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffNewPage } from '../components/staff-pages';

export const loader = requireRight('FACILITATOR__CREATE');

export default function FacilitatorNewRoute() {
  return <StaffNewPage kind="facilitator" />;
}
