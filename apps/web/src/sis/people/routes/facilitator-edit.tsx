import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffEditPage } from '../components/staff-pages';

export const loader = requireRight('FACILITATOR__EDIT');

export default function FacilitatorEditRoute() {
  return <StaffEditPage kind="facilitator" />;
}
