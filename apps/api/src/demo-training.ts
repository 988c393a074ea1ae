import { sql } from 'drizzle-orm';
import type { Deps } from './lib/deps';
import { insertFile } from './lib/files';
import { rows } from './lib/sql';
import { validatePackage } from './modules/learning/wbt/public';
import { makeZip } from './lib/zip';

const TITLE = 'Counting the till';

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="lantern-demo-till" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG">
    <organization identifier="ORG">
      <title>${TITLE}</title>
      <item identifier="I_TILL" identifierref="R_TILL"><title>${TITLE}</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="R_TILL" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource>
  </resources>
</manifest>`;

/** One SCORM 1.2 page: it says it started, and completes when the learner says they are done. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title>
<style>body{font-family:sans-serif;max-width:40em;margin:2em auto;line-height:1.5}button{font-size:1em;padding:.5em 1em}</style>
</head><body>
<h1>${TITLE}</h1>
<p>At the end of each day, count the money in the till and compare it with the cash book.</p>
<ol><li>Count the notes and coins.</li><li>Add the day's income in the cash book to the morning's amount.</li><li>Write down any difference, and why.</li></ol>
<p><button id="done" type="button">I have read this</button> <span id="state" role="status"></span></p>
<script>
  function find(w) { for (var i = 0; w && i < 10; i++) { if (w.API) return w.API; if (w.parent === w) break; w = w.parent; } return null; }
  var api = find(window) || (window.opener && find(window.opener));
  if (api) { api.LMSInitialize(''); api.LMSSetValue('cmi.core.lesson_status', 'incomplete'); }
  document.getElementById('done').addEventListener('click', function () {
    if (api) { api.LMSSetValue('cmi.core.lesson_status', 'completed'); api.LMSCommit(''); api.LMSFinish(''); }
    document.getElementById('state').textContent = 'Done: you may close the training.';
  });
</script>
</body></html>`;

/**
 * A training for the demo student (issue 27): a one-page SCORM 1.2 package in the first open
 * unit of BUS102 (programme 236), graded by completion. Runs once, right after the demo data is
 * seeded: a package's files live in the app's file store, which the seed cannot reach. The
 * package goes through the same validation an upload does.
 */
export async function addDemoTraining(deps: Deps): Promise<boolean> {
  const [unit] = await rows<{ id: number; course_id: number }>(
    deps.db,
    sql`select u.id, u.course_id from learning_units u
        join programme_courses c on c.id = u.course_id join programmes p on p.id = c.programme_id
        where p.code = '236' and c.code = 'BUS102' and u.status = 'published' and u.opens_at is null
          and not exists (select 1 from learning_items i where i.unit_id = u.id and i.kind = 'wbt')
        order by u.position limit 1`,
  );
  if (!unit) return false;
  const zip = await makeZip([
    { name: 'imsmanifest.xml', data: MANIFEST },
    { name: 'index.html', data: PAGE },
  ]);
  const { storageKey, sha256 } = await deps.files.put(zip);
  const fileId = await insertFile(deps.db, {
    ownerId: null,
    kind: 'wbt-package',
    mime: 'application/zip',
    size: zip.length,
    sha256,
    storageKey,
  });
  const valid = await validatePackage({
    filesDir: deps.config.filesDir,
    zipKey: storageKey,
    zipSize: zip.length,
    maxBytes: deps.config.wbtMaxBytes,
    maxUnpackedBytes: deps.config.wbtMaxUnpackedBytes,
  });
  if (!valid.ok) throw new Error(`The demo training was refused: ${valid.detail}`);
  await deps.db.transaction(async (tx) => {
    const [pkg] = await rows<{ id: number }>(
      tx,
      sql`insert into wbt_packages (course_id, file_id, standard, title, scos, warnings, entries,
            unpacked_bytes, sha256)
          values (${unit.course_id}, ${fileId}, ${valid.standard}, ${valid.title},
            ${JSON.stringify(valid.scos)}::jsonb, ${JSON.stringify(valid.warnings)}::jsonb,
            ${valid.entries}, ${valid.unpackedBytes}, ${sha256})
          returning id`,
    );
    if (!pkg) throw new Error('The demo training could not be recorded.');
    await tx.execute(
      sql`insert into wbt_package_files (package_id, path, storage_key, size, mime)
          select ${pkg.id}, x.path, x.storage_key, x.size, x.mime
          from jsonb_to_recordset(${JSON.stringify(
            valid.files.map((f) => ({
              path: f.path,
              storage_key: f.storageKey,
              size: f.size,
              mime: f.mime,
            })),
          )}::jsonb) as x(path text, storage_key text, size bigint, mime text)`,
    );
    const settings = {
      packageId: pkg.id,
      gradeFrom: 'completion',
      completeWhen: 'completed_or_passed',
      maxAttempts: null,
      isPublic: false,
      display: { mode: 'embedded', heightPx: 720 },
    };
    const [item] = await rows<{ id: number }>(
      tx,
      sql`insert into learning_items (unit_id, course_id, kind, title, body, settings, position,
            is_published, published_at, delivery, max_points, grading, due_at)
          select ${unit.id}, ${unit.course_id}, 'wbt', ${`Training: ${TITLE}`},
            '<p>A short training: read it to the end and say you have.</p>',
            ${JSON.stringify(settings)}::jsonb, coalesce(max(position), 0) + 1, true,
            now() - interval '30 days', 'online', 5, 'points', now() + interval '14 days'
          from learning_items where unit_id = ${unit.id}
          returning id`,
    );
    // Every version of an item has its revision (decision 0019), the first one included.
    await tx.execute(
      sql`insert into learning_item_revisions (item_id, version, content)
          select i.id, i.version, jsonb_build_object('title', i.title, 'body', i.body,
            'settings', i.settings, 'kind', i.kind, 'isPublished', i.is_published,
            'delivery', i.delivery, 'maxPoints', i.max_points, 'grading', i.grading,
            'dueAt', i.due_at, 'lateUntil', i.late_until)
          from learning_items i where i.id = ${item?.id ?? 0}`,
    );
    await tx.execute(
      sql`update programme_courses set content_version = content_version + 1 where id = ${unit.course_id}`,
    );
  });
  return true;
}
