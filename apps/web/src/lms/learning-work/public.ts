// What other features may use of this one; everything else here is its own.
export { useMyWork } from './api/get-my-work';
export { MyStudies } from './components/my-studies';
export { StudentCoursesCard } from './components/student-courses-card';
export { TaskHeader } from './components/task-header';
