import '../styles';
import { requireRight } from '../../../lib/require-right';
import { TaskWorkPage } from '../components/task-work-page';
import { VoiceAnswer } from '../components/voice-answer';
import { FilesAnswer } from '../components/files-answer';

export const loader = requireRight('COURSE_TASK__DISPLAY');

/** submit_work/:itemId (spec §2): add files (or record a voice answer), hand in, read decisions. */
export default function SubmitWorkRoute() {
  return (
    <TaskWorkPage
      answer={(work, userId) =>
        work.task.kind === 'voice_task' ? (
          <VoiceAnswer work={work} userId={userId} />
        ) : (
          <FilesAnswer work={work} userId={userId} />
        )
      }
    />
  );
}
