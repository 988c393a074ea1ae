import '../../../components/form-styles';
import { requireRight } from '../../../lib/require-right';
import { StaffNewPage } from '../components/staff-pages';

export const loader = requireRight('LEAD_FACULTY__CREATE');

export default function LeadFacultyNewRoute() {
  return <StaffNewPage kind="lead-faculty" />;
}
