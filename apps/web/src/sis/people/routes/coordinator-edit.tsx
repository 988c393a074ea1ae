import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffEditPage } from '../components/staff-pages';

export const loader = requireRight('COORDINATOR__EDIT');

export default function CoordinatorEditRoute() {
  return <StaffEditPage kind="coordinator" />;
}
