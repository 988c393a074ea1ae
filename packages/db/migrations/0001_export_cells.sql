-- Spreadsheet-safe cells, built in the database so exports run near the speed of COPY.
-- A value a spreadsheet would run as a formula (=, +, -, @, tab, return) gets a leading apostrophe.
CREATE FUNCTION neutralise(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v ~ '^[=+\-@\t\r]' THEN '''' || v ELSE v END
$$;--> statement-breakpoint
-- One CSV field: empty for null, else neutralised and quoted with inner quotes doubled.
CREATE FUNCTION csv_cell(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v IS NULL THEN '' ELSE '"' || replace(neutralise(v), '"', '""') || '"' END
$$;
