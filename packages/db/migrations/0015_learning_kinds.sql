ALTER TYPE "public"."grade_event_action" ADD VALUE 'auto';--> statement-breakpoint
ALTER TYPE "public"."learning_item_kind" ADD VALUE 'wbt';--> statement-breakpoint
ALTER TYPE "public"."learning_item_kind" ADD VALUE 'quiz';--> statement-breakpoint
ALTER TYPE "public"."learning_item_kind" ADD VALUE 'discussion';--> statement-breakpoint
-- Decision 0020 §1.9: lead faculty open and close quiz sessions and read every training; the
-- academic manager reads both. Only for roles and rights that exist (a renamed role is left).
INSERT INTO "role_rights" ("role_key", "right_key")
SELECT v.role_key, v.right_key
FROM (VALUES ('LEAD_FACULTY', 'QUIZ_SESSION__EDIT'), ('LEAD_FACULTY', 'WBT_ALL__DISPLAY'),
             ('ACADEMIC_MANAGER', 'WBT_ALL__DISPLAY'), ('ACADEMIC_MANAGER', 'QUIZ_SESSION__DISPLAY')
     ) AS v(role_key, right_key)
WHERE EXISTS (SELECT 1 FROM "roles" r WHERE r.key = v.role_key)
  AND EXISTS (SELECT 1 FROM "rights" g WHERE g.key = v.right_key)
ON CONFLICT DO NOTHING;
