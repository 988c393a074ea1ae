import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffNewPage } from '../components/staff-pages';

export const loader = requireRight('COORDINATOR__CREATE');

export default function CoordinatorNewRoute() {
  return <StaffNewPage kind="coordinator" />;
}
