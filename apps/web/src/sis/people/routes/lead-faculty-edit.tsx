import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffEditPage } from '../components/staff-pages';

export const loader = requireRight('LEAD_FACULTY__EDIT');

export default function LeadFacultyEditRoute() {
  return <StaffEditPage kind="lead-faculty" />;
}
