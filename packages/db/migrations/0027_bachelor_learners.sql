-- Who learns in a course, now with bachelor programmes (decision 0022, "As built: bachelor
-- classrooms in the learning platform"). A bachelor student learns the courses of their attempts
-- (`ba_student_courses`) that are active or open, in the classroom they are seated in (null
-- while unseated); the attempt in force is the latest by its term's start (a course offering
-- before an internship of the same term). `enrolments.class_id` says nothing for them, and the
-- programme's other courses are not theirs until a term places them. Professional and other
-- programmes read as before. One row per course and student, as before.
CREATE OR REPLACE VIEW "course_learners" AS
SELECT c.id AS course_id, e.user_id AS student_id, e.id AS enrolment_id, e.class_id, e.clc_id,
	'programme'::text AS source, (e.state = 'active' AND p.status = 'running') AS may_submit
FROM "programme_courses" c
JOIN "programmes" p ON p.id = c.programme_id AND p.type <> 'bachelor'
JOIN "enrolments" e ON e.programme_id = c.programme_id AND e.state IN ('active', 'completed', 'failed')
WHERE NOT EXISTS (
	SELECT 1 FROM "course_enrolments" ce
	WHERE ce.course_id = c.id AND ce.student_id = e.user_id AND ce.status = 'dropped')
UNION ALL
SELECT o.course_id, e.user_id, e.id, sc.class_id, e.clc_id, 'programme'::text,
	(e.state = 'active' AND p.status = 'running')
FROM "ba_student_courses" sc
JOIN "ba_offerings" o ON o.id = sc.offering_id
JOIN "ba_terms" t ON t.id = o.term_id
JOIN "enrolments" e ON e.id = sc.enrolment_id AND e.state IN ('active', 'completed', 'failed')
JOIN "programmes" p ON p.id = e.programme_id AND p.type = 'bachelor'
WHERE sc.status IN ('active', 'open')
	AND NOT EXISTS (
		SELECT 1 FROM "ba_student_courses" sc2, "ba_offerings" o2, "ba_terms" t2
		WHERE sc2.enrolment_id = sc.enrolment_id AND sc2.status IN ('active', 'open') AND sc2.id <> sc.id
			AND o2.id = sc2.offering_id AND o2.course_id = o.course_id AND t2.id = o2.term_id
			AND (t2.start_date, t2.id, o2.kind = 'course', sc2.id) > (t.start_date, t.id, o.kind = 'course', sc.id))
	AND NOT EXISTS (
		SELECT 1 FROM "course_enrolments" ce
		WHERE ce.course_id = o.course_id AND ce.student_id = e.user_id AND ce.status = 'dropped')
UNION ALL
SELECT ce.course_id, ce.student_id, e.id, ce.class_id, e.clc_id, 'additional',
	(p.status = 'running' AND (e.id IS NULL OR e.state = 'active'))
FROM "course_enrolments" ce
JOIN "programme_courses" c ON c.id = ce.course_id
JOIN "programmes" p ON p.id = c.programme_id
LEFT JOIN "enrolments" e ON e.programme_id = c.programme_id AND e.user_id = ce.student_id
WHERE ce.source = 'additional' AND ce.status = 'active'
	AND NOT EXISTS (
		SELECT 1 FROM "enrolments" e2 WHERE e2.programme_id = c.programme_id AND e2.user_id = ce.student_id
			AND e2.state IN ('active', 'completed', 'failed'));
