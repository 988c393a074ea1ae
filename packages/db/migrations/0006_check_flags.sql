ALTER TABLE "users" ADD COLUMN "check_flags" smallint GENERATED ALWAYS AS ((
  (case when (chr(1) || first_name || chr(1) || last_name || chr(1) || username || chr(1) || coalesce(email, '') || chr(1)) ~ '\x01 | \x01| {2}' then 1 else 0 end)
  | (case when phone is not null and not (left(phone, 1) = '+' and substr(phone, 2, 1) between '1' and '9' and length(phone) between 8 and 16 and translate(substr(phone, 2), '0123456789', '') = '') then 2 else 0 end)
  | (case when email is not null and btrim(email) !~ '^([A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$' then 4 else 0 end)
  | (case when (first_name || chr(1) || last_name) ~ '^[ .,;:_''"?!/()*+#0-9-]*\x01|\x01[ .,;:_''"?!/()*+#0-9-]*$' then 8 else 0 end)
  | (case when ((first_name = upper(first_name) and first_name <> lower(first_name) and char_length(btrim(first_name)) > 1) or (first_name = lower(first_name) and first_name <> upper(first_name))) or ((last_name = upper(last_name) and last_name <> lower(last_name) and char_length(btrim(last_name)) > 1) or (last_name = lower(last_name) and last_name <> upper(last_name))) then 16 else 0 end)
)::smallint) STORED;