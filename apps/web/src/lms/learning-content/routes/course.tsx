import '../styles';
import { useParams } from 'react-router';
import { requireRight } from '../../../lib/require-right';
import { CourseView } from '../components/course-view';

export const loader = requireRight('COURSE_DOCUMENT__DISPLAY');

export default function CourseRoute() {
  return <CourseView courseId={Number(useParams().courseId)} />;
}
