import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffNewPage } from '../components/staff-pages';

export const loader = requireRight('USER__CREATE');

export default function UserNewRoute() {
  return <StaffNewPage kind="user" />;
}
