ALTER TYPE "public"."class_staff_kind" ADD VALUE 'assistant';--> statement-breakpoint
-- Issue 14: faculty and teaching assistants use the sis for their own classes, and operational
-- managers read every class. A fresh database gets these from the default map at start; an
-- existing one gets them here (roles an admin removed them from stay as they are afterwards).
INSERT INTO "role_rights" ("role_key", "right_key")
SELECT v.role_key, v.right_key
FROM (VALUES ('FACULTY', 'GENERAL_SIS__DISPLAY'), ('TEACHING_ASSISTANT', 'GENERAL_SIS__DISPLAY'),
             ('OPERATIONAL_MANAGER', 'PC_CLASS__DISPLAY')) AS v(role_key, right_key)
WHERE EXISTS (SELECT 1 FROM "roles" r WHERE r.key = v.role_key)
  AND EXISTS (SELECT 1 FROM "rights" g WHERE g.key = v.right_key)
ON CONFLICT DO NOTHING;
