-- A counter of changes to what the people lists filter on (decision 0013): the lists keep a
-- filter's total while the counter stands still, instead of counting 100,000 students on every
-- page. A sequence, not a row: nextval takes no lock, so writers never wait for each other on
-- it. Statement-level triggers: a 20,000-row import moves it once. The users trigger names its
-- columns, so a sign-in (last_sign_in_at, last_role_key) does not move it.
CREATE SEQUENCE "people_changes";
--> statement-breakpoint
CREATE FUNCTION "people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM nextval('public.people_changes');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_people_changed_rows" AFTER INSERT OR DELETE OR TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_people_changed_fields"
	AFTER UPDATE OF "jwl_id", "username", "email", "first_name", "last_name", "status", "gender",
		"employee_type", "deleted_at" ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_people_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles"
	FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_clcs_people_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_clcs"
	FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();
--> statement-breakpoint
CREATE TRIGGER "student_profiles_people_changed_rows" AFTER INSERT OR DELETE OR TRUNCATE ON "student_profiles"
	FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();
--> statement-breakpoint
CREATE TRIGGER "student_profiles_people_changed_fields"
	AFTER UPDATE OF "user_id", "nationality", "residency_status" ON "student_profiles"
	FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();
