import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffEditPage } from '../components/staff-pages';

export const loader = requireRight('USER__EDIT');

export default function UserEditRoute() {
  return <StaffEditPage kind="user" />;
}
