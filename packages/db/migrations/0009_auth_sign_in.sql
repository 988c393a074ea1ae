-- A sign-in's two statements, as PL/pgSQL functions so that each keeps its plans for the
-- connection's life: planning the former statements cost more than running them, on the one
-- connection of PGlite as on a pooled one (decisions 0013, 0017).

-- The account by its lower-case username (removed people excluded) and the failed attempts in
-- the window, by account and by address. Always one row.
CREATE FUNCTION "auth_sign_in_candidate"(p_username text, p_ip text, p_since timestamptz)
RETURNS TABLE (
	jwl_id integer,
	password_hash text,
	status text,
	by_account integer,
	by_address integer,
	oldest_account timestamptz,
	oldest_address timestamptz
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT u.jwl_id, u.password_hash, u.status::text, f.by_account, f.by_address,
	       f.oldest_account, f.oldest_address
	  FROM (
	    SELECT (count(*) FILTER (WHERE lf.username = p_username))::int AS by_account,
	           (count(*) FILTER (WHERE lf.ip = p_ip))::int AS by_address,
	           min(lf.at) FILTER (WHERE lf.username = p_username) AS oldest_account,
	           min(lf.at) FILTER (WHERE lf.ip = p_ip) AS oldest_address
	      FROM login_failures lf
	     WHERE lf.at > p_since AND (lf.username = p_username OR lf.ip = p_ip)
	  ) f
	  LEFT JOIN users u ON lower(u.username) = p_username AND u.deleted_at IS NULL;
END;
$$;
--> statement-breakpoint

-- A new session (the token family) with its first refresh token, in the role the user chose
-- last while they still hold it, else their first. For a sign-in proper (p_sign_in_username
-- given) also the time of the sign-in, the account's failed attempts cleared when asked, and
-- the audit row. Answers the session's id.
CREATE FUNCTION "auth_start_session"(
	p_user integer,
	p_ip text,
	p_user_agent text,
	p_token_hash text,
	p_expires_at timestamptz,
	p_sign_in_username text,
	p_clear_failures boolean
)
RETURNS uuid
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	v_session uuid;
BEGIN
	INSERT INTO sessions (user_id, ip, user_agent, active_role_key)
	VALUES (p_user, p_ip, p_user_agent, coalesce(
	  (SELECT ur.role_key FROM user_roles ur JOIN users u ON u.jwl_id = ur.user_id
	    WHERE ur.user_id = p_user AND ur.role_key = u.last_role_key),
	  (SELECT ur.role_key FROM user_roles ur JOIN roles r ON r.key = ur.role_key
	    WHERE ur.user_id = p_user ORDER BY r.sort_order, ur.role_key LIMIT 1)))
	RETURNING id INTO v_session;
	INSERT INTO refresh_tokens (session_id, token_hash, expires_at)
	VALUES (v_session, p_token_hash, p_expires_at);
	IF p_sign_in_username IS NOT NULL THEN
		UPDATE users SET last_sign_in_at = now() WHERE jwl_id = p_user;
		IF p_clear_failures THEN
			DELETE FROM login_failures WHERE username = p_sign_in_username;
		END IF;
		INSERT INTO audit_log (actor_id, action, entity_type, entity_id, changes, ip)
		VALUES (p_user, 'auth.sign_in', 'user', p_user::text, jsonb_build_object('sessionId', v_session), p_ip);
	END IF;
	RETURN v_session;
END;
$$;
