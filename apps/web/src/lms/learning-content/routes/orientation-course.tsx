import '../styles';
import { useParams } from 'react-router';
import { requireRight } from '../../../lib/require-right';
import { CourseView } from '../components/course-view';

export const loader = requireRight('COURSE_DOCUMENT__DISPLAY');

/** An orientation programme's course (spec §2 `orientation_course/:courseId`): the course page. */
export default function OrientationCourseRoute() {
  return <CourseView courseId={Number(useParams().courseId)} />;
}
