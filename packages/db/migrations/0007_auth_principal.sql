-- The two reads of the bell's every-minute poll, as PL/pgSQL functions so that each of their
-- statements keeps its plan for the connection's life: planning the former one-statement join
-- cost more than running it (decision 0013).

-- A person as a request sees them: the session's state (when a session is given), the user's
-- columns, roles in their order, CLCs, and the role they act in with its rights, read fresh.
-- The role acted in is the session's (or the preferred) role when the user still holds it,
-- else their first. No row when the session does not belong to the user or nobody matches.
CREATE FUNCTION "auth_principal"(p_user integer, p_session uuid, p_username text, p_preferred text)
RETURNS TABLE (
	revoked_at timestamptz,
	session_clc_ids integer[],
	switch_user_id integer,
	switch_role_key text,
	jwl_id integer,
	username text,
	first_name text,
	last_name text,
	email text,
	system_role text,
	employee_type text,
	gender text,
	profile_photo_file_id text,
	status text,
	role_keys text[],
	role_key text,
	role_scope text,
	rights text[],
	clc_ids integer[]
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
	v_user integer := p_user;
	v_preferred text := p_preferred;
	v_last_role text;
	v_role text;
BEGIN
	IF p_session IS NOT NULL THEN
		SELECT s.revoked_at, s.clc_ids, s.switch_user_id, s.switch_role_key, s.active_role_key
		INTO revoked_at, session_clc_ids, switch_user_id, switch_role_key, v_preferred
		FROM sessions s WHERE s.id = p_session AND s.user_id = p_user;
		IF NOT FOUND THEN RETURN; END IF;
	ELSIF v_user IS NULL THEN
		SELECT u.jwl_id INTO v_user FROM users u WHERE lower(u.username) = lower(p_username);
		IF NOT FOUND THEN RETURN; END IF;
	END IF;

	SELECT u.jwl_id, u.username, u.first_name, u.last_name, u.email, u.system_role, u.employee_type,
		u.gender, u.profile_photo_file_id, u.last_role_key,
		-- A removed person (cleaned up or merged) is refused like a locked one.
		CASE WHEN u.deleted_at IS NOT NULL THEN 'locked' ELSE u.status::text END
	INTO jwl_id, username, first_name, last_name, email, system_role, employee_type,
		gender, profile_photo_file_id, v_last_role, status
	FROM users u WHERE u.jwl_id = v_user;
	IF NOT FOUND THEN RETURN; END IF;

	SELECT coalesce(array_agg(ur.role_key ORDER BY r.sort_order, ur.role_key), '{}') INTO role_keys
	FROM user_roles ur JOIN roles r ON r.key = ur.role_key WHERE ur.user_id = v_user;
	SELECT coalesce(array_agg(uc.clc_id ORDER BY uc.clc_id), '{}') INTO clc_ids
	FROM user_clcs uc WHERE uc.user_id = v_user;

	IF p_session IS NULL THEN v_preferred := coalesce(p_preferred, v_last_role); END IF;
	v_role := CASE WHEN v_preferred = ANY(role_keys) THEN v_preferred ELSE role_keys[1] END;
	SELECT r.key, r.scope INTO role_key, role_scope FROM roles r WHERE r.key = v_role;
	SELECT coalesce(array_agg(rr.right_key ORDER BY rr.right_key), '{}') INTO rights
	FROM role_rights rr WHERE rr.role_key = v_role;
	RETURN NEXT;
END
$$;
--> statement-breakpoint
-- The user's unread notifications that have not expired, by type: the bell's count.
CREATE FUNCTION "notification_unread_counts"(p_user integer)
RETURNS TABLE (grade_comments integer, announcements integer, undo_publish_requests integer)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT (count(*) FILTER (WHERE n.type = 'grade_comment'))::integer,
		(count(*) FILTER (WHERE n.type = 'announcement'))::integer,
		(count(*) FILTER (WHERE n.type = 'undo_publish_request'))::integer
	FROM notifications n
	WHERE n.user_id = p_user AND n.is_read = false AND (n.expires_at IS NULL OR n.expires_at > now());
END
$$;
