import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_VERSION } from '@lantern/contracts/uploads';
import { WBT_SENTENCES, type WbtPackage } from '@lantern/contracts/wbt';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';
import { issueContentToken } from './content-token';
import {
  lieAboutSize,
  markEncrypted,
  finderZip,
  patchName,
  scorm12Manifest,
  scorm12Package,
  scorm2004Manifest,
} from './test-zips';
import { makeZip } from '../../../lib/zip';

/**
 * Training packages (decision 0020 §2.2) and the content origin (§2.3): every refusal with a zip
 * built here, and after each one nothing stored — no package row, no file row, no upload, no
 * byte on disk; then serving: headers, no cookies, tokens, ranges, paths not in the package.
 */

const LMS = '/api/en/lms';
const tus = { 'tus-resumable': TUS_VERSION };
const b64 = (text: string) => Buffer.from(text).toString('base64');
const MAX_BYTES = 3 * 1024 * 1024;
const MAX_UNPACKED = 8 * 1024 * 1024;

let t: TestApp;
let f: TeachingFixture;
let playerDist: string;
const h: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  playerDist = join(
    (await import('node:os')).tmpdir(),
    `lantern-player-${randomBytes(4).toString('hex')}`,
  );
  mkdirSync(join(playerDist, 'assets'), { recursive: true });
  writeFileSync(
    join(playerDist, 'scorm12.html'),
    '<!doctype html><html><head><meta name="lantern-app-origin" content=""><script type="module" src="/player/assets/player-abc.js"></script></head><body></body></html>',
  );
  writeFileSync(join(playerDist, 'assets', 'player-abc.js'), 'console.log(1);');
  t = await buildTestApp({
    LANTERN_WBT_MAX_BYTES: String(MAX_BYTES),
    LANTERN_WBT_MAX_UNPACKED_BYTES: String(MAX_UNPACKED),
    LANTERN_WBT_PLAYER_DIST: playerDist,
    PUBLIC_URL: 'http://app.lantern.test',
    LANTERN_CONTENT_ORIGIN: 'http://content.lantern.test',
  });
  f = await makeTeachingFixture(t, '961');
  mkdirSync(t.deps.config.filesDir, { recursive: true });
  for (const who of ['lead_faculty', 'student']) h[who] = await t.as(who);
  // A copy of the database and the fixture take long on a busy shared machine.
}, 240_000);
afterAll(async () => t.close());

/** Sends a zip through tus as the author; the upload id, or the refusal of its last byte. */
async function upload(data: Buffer, who = 'lead_faculty') {
  const created = await t.app.inject({
    method: 'POST',
    url: `${LMS}/wbt-uploads`,
    headers: {
      ...h[who],
      ...tus,
      'upload-length': String(data.length),
      'upload-metadata': `courseId ${b64(String(f.courseId))},filename ${b64('training.zip')}`,
    },
  });
  if (created.statusCode !== 201) return { created, id: '', patched: null };
  const url = String(created.headers.location);
  const patched = await t.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...h[who],
      ...tus,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
  return { created, id: url.split('/').pop() ?? '', patched };
}

async function makePackage(data: Buffer) {
  const up = await upload(data);
  expect(up.created.statusCode, up.created.body).toBe(201);
  expect(up.patched?.statusCode, up.patched?.body).toBe(204);
  return t.app.inject({
    method: 'POST',
    url: `${LMS}/course/${f.courseId}/wbt-packages`,
    headers: h.lead_faculty,
    payload: { uploadId: up.id },
  });
}

const storedFiles = () =>
  readdirSync(t.deps.config.filesDir).filter((name) => name !== '.tmp').length;

async function counts() {
  const [row] = await t.database.query<{ p: number; pf: number; u: number; f: number }>(
    `select (select count(*)::int from wbt_packages) as p,
            (select count(*)::int from wbt_package_files) as pf,
            (select count(*)::int from uploads where purpose = 'wbt_package') as u,
            (select count(*)::int from files where kind = 'wbt-package') as f`,
  );
  return { ...row, disk: storedFiles() };
}

async function expectRefused(data: Buffer, status: number, detail: string | RegExp) {
  const before = await counts();
  const res = await makePackage(data);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ detail: string; code: string }>();
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else expect(body.detail).toMatch(detail);
  // Once, on a 2-core machine running both API suites, a file was still on disk when the
  // refusal was read and the count taken; what was stored must be gone, if not at once then soon.
  await expect.poll(counts, { timeout: 5_000 }).toEqual(before);
  return body;
}

const manifest1 = scorm12Manifest([{ id: 'A', href: 'index.html' }]);

describe('package refusals (nothing stored after any)', () => {
  it('refuses a zip without a manifest or index.html', async () => {
    const zip = await makeZip([{ name: 'readme.txt', data: 'hello' }]);
    const body = await expectRefused(
      zip,
      400,
      `${WBT_SENTENCES.noManifest} Its top level holds “readme.txt”.`,
    );
    expect(body.code).toBe('WBT_PACKAGE_INVALID');
    // A manifest one folder down, beside other files: the refusal says where it is.
    const nested = await makeZip([
      { name: 'notes.txt', data: 'hello' },
      { name: 'course/imsmanifest.xml', data: manifest1 },
      { name: 'course/index.html', data: '<p>hi</p>' },
    ]);
    await expectRefused(
      nested,
      400,
      `${WBT_SENTENCES.noManifest} It has “course/imsmanifest.xml”: zip what is inside the folder “course” instead.`,
    );
  });

  it('refuses paths outside the package: ../, absolute, drive letters, a/../../b', async () => {
    for (const [safe, evil] of [
      ['xx/evil.html', '../evil.html'],
      ['_abs.html', '/abs.html'],
      ['C__x.html', 'C:\\x.html'],
      ['a/xx/xx/b.html', 'a/../../b.html'],
    ] as const) {
      const zip = patchName(
        await makeZip([
          { name: 'imsmanifest.xml', data: manifest1 },
          { name: 'index.html', data: '<p>hi</p>' },
          { name: safe, data: 'x' },
        ]),
        safe,
        evil,
      );
      await expectRefused(
        zip,
        400,
        `The package contains a path outside the package (“${evil}”): it was not stored.`,
      );
    }
  });

  it('refuses a symbolic link', async () => {
    const zip = await makeZip([
      { name: 'imsmanifest.xml', data: manifest1 },
      { name: 'index.html', data: '<p>hi</p>' },
      { name: 'link', data: '/etc/passwd', mode: 0o120777 },
    ]);
    await expectRefused(
      zip,
      400,
      'The package contains a link (“link”), which is not allowed: it was not stored.',
    );
  });

  it('refuses duplicate names (case-insensitive)', async () => {
    const zip = await makeZip([
      { name: 'imsmanifest.xml', data: manifest1 },
      { name: 'index.html', data: '<p>hi</p>' },
      { name: 'INDEX.html', data: '<p>again</p>' },
    ]);
    await expectRefused(
      zip,
      400,
      'The package contains two files named “INDEX.html”: it was not stored.',
    );
  });

  it('refuses an encrypted package', async () => {
    const zip = markEncrypted(
      await makeZip([
        { name: 'imsmanifest.xml', data: manifest1 },
        { name: 'index.html', data: '<p>hi</p>' },
      ]),
    );
    await expectRefused(zip, 400, WBT_SENTENCES.encrypted);
  });

  it('refuses a zip bomb (ratio) and a package that unpacks past the limit', async () => {
    const bomb = await makeZip([
      { name: 'imsmanifest.xml', data: manifest1 },
      { name: 'index.html', data: '<p>hi</p>' },
      { name: 'zeros.bin', data: Buffer.alloc(6 * 1024 * 1024) },
    ]);
    await expectRefused(bomb, 400, WBT_SENTENCES.bomb);
    // Nine entries of 1 MiB, each under the ratio rule's size, past the 8 MiB unpacked limit.
    const big = await makeZip([
      { name: 'imsmanifest.xml', data: manifest1 },
      { name: 'index.html', data: '<p>hi</p>' },
      ...Array.from({ length: 9 }, (_, i) => ({
        name: `part${i}.bin`,
        data: Buffer.alloc(1024 * 1024, i),
      })),
    ]);
    await expectRefused(big, 400, WBT_SENTENCES.bomb);
  });

  it('refuses an entry whose header lies about its size', async () => {
    const zip = lieAboutSize(
      await makeZip([
        { name: 'imsmanifest.xml', data: manifest1 },
        { name: 'index.html', data: '<p>hi</p>'.repeat(100) },
      ]),
      'index.html',
      10,
    );
    await expectRefused(zip, 400, WBT_SENTENCES.bomb);
  });

  it('refuses more than the size limit before a byte is sent', async () => {
    const before = await counts();
    const res = await t.app.inject({
      method: 'POST',
      url: `${LMS}/wbt-uploads`,
      headers: {
        ...h.lead_faculty,
        ...tus,
        'upload-length': String(MAX_BYTES + 1),
        'upload-metadata': `courseId ${b64(String(f.courseId))},filename ${b64('big.zip')}`,
      },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ detail: string }>().detail).toBe(
      '“big.zip” is 3 MB (3,145,729 bytes): a training package may be at most 3 MB (3,145,728 bytes).',
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is not a ZIP when its last byte arrives', async () => {
    const before = await counts();
    const up = await upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'));
    expect(up.patched?.statusCode).toBe(415);
    expect(up.patched?.json<{ detail: string }>().detail).toBe(WBT_SENTENCES.notZip);
    expect(await counts()).toEqual(before);
  });

  it('refuses a manifest that names a launch file not in the package, or no SCORM version', async () => {
    const missing = await makeZip([
      { name: 'imsmanifest.xml', data: scorm12Manifest([{ id: 'A', href: 'index_lms.html' }]) },
      { name: 'index.html', data: '<p>hi</p>' },
    ]);
    await expectRefused(
      missing,
      400,
      'The manifest names “index_lms.html”, which is not in the package (the launch file of “A”, item “I_A”).',
    );
    const other = await makeZip([
      {
        name: 'imsmanifest.xml',
        data: manifest1.replace('<schemaversion>1.2<', '<schemaversion>9<'),
      },
      { name: 'index.html', data: '<p>hi</p>' },
    ]);
    await expectRefused(other, 400, WBT_SENTENCES.notScorm);
    const broken = await makeZip([
      { name: 'imsmanifest.xml', data: '<manifest><metadata></manifest>' },
      { name: 'index.html', data: '<p>hi</p>' },
    ]);
    await expectRefused(broken, 400, /^The manifest could not be read: line 1, /);
  });
});

let pkg: WbtPackage;

describe('accepted packages', () => {
  it('stores a SCORM 1.2 package with its SCOs, stripping one top folder', async () => {
    const res = await makePackage(await scorm12Package(2, 'course-export/'));
    expect(res.statusCode, res.body).toBe(201);
    pkg = res.json<WbtPackage>();
    expect(pkg.standard).toBe('scorm12');
    expect(pkg.title).toBe('Safety basics');
    expect(pkg.scos.map((s) => s.href)).toEqual(['step1.html', 'step2.html']);
    const files = await t.database.query<{ path: string; mime: string }>(
      `select path, mime from wbt_package_files where package_id = $1 order by path`,
      [pkg.id],
    );
    expect(files.map((x) => x.path)).toEqual([
      'imsmanifest.xml',
      'media/pixel.png',
      'sco.js',
      'step1.html',
      'step2.html',
    ]);
    // The upload is used up; the zip's file belongs to the package.
    const [u] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from uploads where purpose = 'wbt_package'`,
    );
    expect(u?.n).toBe(0);
    const again = await makePackage(await scorm12Package(2, 'course-export/'));
    expect(again.statusCode).toBe(200);
    expect(again.json<WbtPackage>().id).toBe(pkg.id);
  });

  it('takes a zip made by macOS Finder: __MACOSX, resource forks and .DS_Store left out, names decomposed', async () => {
    const res = await makePackage(await finderZip());
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<WbtPackage>();
    expect(made.title).toBe('Sécurité routière');
    // The launch file is named decomposed in the zip and composed in the manifest.
    expect(made.scos.map((s) => s.href)).toEqual(['leçon.html']);
    const files = await t.database.query<{ path: string }>(
      `select path from wbt_package_files where package_id = $1 order by path`,
      [made.id],
    );
    expect(files.map((x) => x.path)).toEqual(['imsmanifest.xml', 'leçon.html', 'média/carte.png']);
    expect(files.every((x) => x.path === x.path.normalize('NFC'))).toBe(true);
    // Served whichever way a page spells the name.
    const [secret] = await t.database.query<{ value: string }>(
      `select value from settings where key = 'content_secret'`,
    );
    const token = issueContentToken(secret?.value ?? '', made.id).token;
    for (const name of ['média/carte.png', 'média/carte.png'.normalize('NFD')]) {
      if (!t.content) throw new Error('no content app');
      const served = await t.content.inject({
        url: `/c/${token}/${encodeURIComponent(name).replace('%2F', '/')}`,
      });
      expect(served.statusCode, name).toBe(200);
    }
  });

  it('stores what a SCORM 2004 manifest gives its part, and gives none of it to the web', async () => {
    const res = await makePackage(
      await makeZip([
        {
          name: 'imsmanifest.xml',
          data: scorm2004Manifest({ passMark: '0.8', objectives: ['obj_rules'] }),
        },
        { name: 'shared/launchpage.html', data: '<title>Golf</title>' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<WbtPackage>();
    expect(made.standard).toBe('scorm2004');
    expect(made.scos[0]).not.toHaveProperty('cmi');
    const [row] = await t.database.query<{ scos: { cmi?: Record<string, string> }[] }>(
      `select scos from wbt_packages where id = $1`,
      [made.id],
    );
    expect(row?.scos[0]?.cmi).toEqual({
      'cmi.objectives.0.id': 'PRIMARYOBJ',
      'cmi.objectives.1.id': 'obj_rules',
      'cmi.scaled_passing_score': '0.8',
    });
  });

  it('takes an HTML package, and warns of links to other sites', async () => {
    const res = await makePackage(
      await makeZip([{ name: 'index.html', data: '<img src="https://cdn.example.com/x.png">' }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const html = res.json<WbtPackage>();
    expect(html.standard).toBe('html');
    // No <title>: the default name.
    expect(html.title).toBe('Training');
    const titled = await makePackage(
      await makeZip([
        {
          name: 'index.html',
          data: '<html><head><title>Hand washing &amp; you</title></head></html>',
        },
      ]),
    );
    expect(titled.json<WbtPackage>()).toMatchObject({
      title: 'Hand washing & you',
      scos: [{ title: 'Hand washing & you', href: 'index.html' }],
    });
    expect(html.warnings.map((w) => w.code)).toEqual(['external_reference']);
    const list = await t.app.inject({
      url: `${LMS}/course/${f.courseId}/wbt-packages`,
      headers: h.lead_faculty,
    });
    expect(list.json<{ packages: WbtPackage[] }>().packages.map((p) => p.id)).toContain(html.id);
    const one = await t.app.inject({
      url: `${LMS}/wbt-package/${html.id}`,
      headers: h.lead_faculty,
    });
    expect(one.statusCode).toBe(200);
    const learner = await t.app.inject({
      url: `${LMS}/wbt-package/${html.id}`,
      headers: h.student,
    });
    expect(learner.statusCode).toBe(403);
  });
});

describe('training items', () => {
  it('refuse an HTML package graded by score, and a package out of reach', async () => {
    const html = (
      await makePackage(await makeZip([{ name: 'index.html', data: '<p>plain</p>' }]))
    ).json<WbtPackage>();
    const [item] = await t.database.query<{ id: number; version: number }>(
      `insert into learning_items (unit_id, course_id, kind, title, settings, delivery, max_points,
         grading, position)
       values ($1, $2, 'wbt', 'Orientation', $3::jsonb, 'online', 10, 'points', 99)
       returning id, version`,
      [f.unitId, f.courseId, JSON.stringify({ packageId: html.id, gradeFrom: 'completion' })],
    );
    const edit = (settings: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `${LMS}/task/${item?.id}`,
        headers: h.lead_faculty,
        payload: {
          kind: 'wbt',
          title: 'Orientation',
          body: '',
          delivery: 'online',
          maxPoints: 10,
          settings,
          version: item?.version,
        },
      });
    const byScore = await edit({ packageId: html.id, gradeFrom: 'score' });
    expect(byScore.statusCode, byScore.body).toBe(400);
    expect(byScore.json<{ fields: Record<string, string> }>().fields.gradeFrom).toBe(
      WBT_SENTENCES.htmlScore,
    );
    const unknown = await edit({ packageId: 999_999, gradeFrom: 'completion' });
    expect(unknown.statusCode).toBe(404);
    const ok = await edit({ packageId: pkg.id, gradeFrom: 'score' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('are added by authors through the task route, with the same checks', async () => {
    const html = (
      await makePackage(await makeZip([{ name: 'index.html', data: '<p>added</p>' }]))
    ).json<WbtPackage>();
    const add = (settings: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `${LMS}/unit/${f.unitId}/tasks`,
        headers: h.lead_faculty,
        payload: {
          kind: 'wbt',
          title: 'Added training',
          body: '',
          delivery: 'online',
          maxPoints: 10,
          settings,
        },
      });
    const byScore = await add({ packageId: html.id, gradeFrom: 'score' });
    expect(byScore.statusCode, byScore.body).toBe(400);
    expect(byScore.json<{ fields: Record<string, string> }>().fields.gradeFrom).toBe(
      WBT_SENTENCES.htmlScore,
    );
    const added = await add({ packageId: pkg.id, gradeFrom: 'score' });
    expect(added.statusCode, added.body).toBe(200);
    const [row] = await t.database.query<{ kind: string; package_id: number }>(
      `select kind, (settings->>'packageId')::int as package_id from learning_items where id = $1`,
      [added.json<{ id: number }>().id],
    );
    expect(row).toEqual({ kind: 'wbt', package_id: pkg.id });
  });
});

describe('the content origin', () => {
  const content = () => {
    if (!t.content) throw new Error('no content app');
    return t.content;
  };
  let secret = '';
  const token = () => issueContentToken(secret, pkg.id).token;

  beforeAll(async () => {
    const [row] = await t.database.query<{ value: string }>(
      `select value from settings where key = 'content_secret'`,
    );
    secret = row?.value ?? '';
  });

  it('serves a package file with its own headers, and never a cookie', async () => {
    const res = await content().inject({
      url: `/c/${token()}/step1.html`,
      headers: { cookie: 'session=abc' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("form-action 'none'");
    // The file's parent is the player page on the content origin, its grandparent the app:
    // frame-ancestors checks every ancestor, so both must be named (else the browser blocks it).
    expect(csp.split('; ')).toContain("frame-ancestors 'self' http://app.lantern.test");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    );
    expect(res.headers['cache-control']).toBe('private, max-age=604800');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('<h1>Step 1</h1>');
  });

  it('answers byte ranges', async () => {
    const res = await content().inject({
      url: `/c/${token()}/sco.js`,
      headers: { range: 'bytes=0-5' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('window');
    expect(res.headers['content-range']).toBe('bytes 0-5/26');
  });

  it('is 404 for a path not in the package, traversal or not', async () => {
    for (const path of [
      'nothing.html',
      '../imsmanifest.xml',
      '%2e%2e/step1.html',
      'course-export/step1.html',
    ])
      expect((await content().inject({ url: `/c/${token()}/${path}` })).statusCode).toBe(404);
    expect((await content().inject({ url: '/api/en/lms/wbts' })).statusCode).toBe(404);
  });

  it('refuses a bad, forged or expired token', async () => {
    const old = issueContentToken(secret, pkg.id, Date.now() - 20 * 86_400_000).token;
    const forged = issueContentToken('another secret', pkg.id).token;
    for (const bad of [old, forged, 'abc'])
      expect((await content().inject({ url: `/c/${bad}/step1.html` })).statusCode).toBe(403);
  });

  it('takes reads only', async () => {
    const res = await content().inject({ method: 'POST', url: `/c/${token()}/step1.html` });
    expect(res.statusCode).toBe(405);
  });

  it('serves the player page with the app origin written in, and its assets', async () => {
    const page = await content().inject({ url: '/player/scorm12.html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<meta name="lantern-app-origin" content="http://app.lantern.test">',
    );
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; frame-src 'self'; frame-ancestors http://app.lantern.test",
    );
    expect(page.headers['cache-control']).toBe('no-store');
    const asset = await content().inject({ url: '/player/assets/player-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await content().inject({ url: '/player/scorm2004.html' })).statusCode).toBe(404);
    expect((await content().inject({ url: '/player/other.html' })).statusCode).toBe(404);
  });

  it('leaves the app’s own headers as strict as they were, with the content origin as frame-src', async () => {
    const res = await t.app.inject({ url: '/api/en/lms/wbts' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toMatch(/frame-src 'self'[^;]* http:\/\/content\.lantern\.test/);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
