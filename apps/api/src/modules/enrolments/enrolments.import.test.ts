import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { GENDER_IMPORT_MESSAGE, type ImportReport } from '@lantern/contracts/programme';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers';
import { fixtures, type Fixtures } from './enrolments.fixtures';
import { addDays, todayUtc } from './enrolments.dates';

let t: TestApp;
let f: Fixtures;
beforeAll(async () => {
  t = await buildTestApp();
  f = fixtures(t);
});
afterAll(async () => t.close());

const upload = async (
  programmeId: number,
  file: Buffer | string,
  options: { dryRun?: boolean; user?: string; name?: string } = {},
) => {
  const body = multipart(
    {},
    {
      file: {
        name: options.name ?? 'applicants.csv',
        type: 'text/csv',
        data: Buffer.isBuffer(file) ? file : Buffer.from(file),
      },
    },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/en/programme/professional-certificate/${programmeId}/applicants/import?dryRun=${String(options.dryRun ?? false)}`,
    headers: { ...(await t.as(options.user ?? 'coordinator')), ...body.headers },
    payload: body.payload,
  });
};

/** A report without how the file was read (its own tests in lib/import-reading.test.ts). */
const withoutReading = ({ reading: _reading, ...rest }: ImportReport) => rest;

const count = async (query: string, params: unknown[] = []) =>
  (await t.database.query<{ n: number }>(query, params))[0]?.n ?? -1;
const enrolled = (programmeId: number) =>
  count(`select count(*)::int as n from enrolments where programme_id = $1`, [programmeId]);

describe('a file with problems', () => {
  it('reports every problem by row and column and writes nothing, dry run or not', async () => {
    const programme = await f.programme('applying');
    const child = addDays(todayUtc(), -3650);
    const csv = [
      'JWL ID,First Name,last_name,E-Mail,Phone,Birth date,Gender,CLC code,Notes',
      ',Amani,Bahati,amani@example.org,0712 111 222,2000-05-01,f,KAK,fine',
      ',,Odhiambo,bad-mail,12,2000-13-01,x,ZZZ,',
      ',Baraka,Mwangi,,,,m,KAK,',
      ',amani,BAHATI,,,2000-05-01,f,kak,the same as row 2',
      'abc,Juma,Hamisi,,+254 712 333 444,1999-01-01,,AMM,',
      `,Kid,Young,,,${child},,KAK,`,
      ',Phone,Wrong,,12,1990-01-01,,KAK,',
      '',
      ',Chebet,Kiprop,chebet@example.org,,1998-07-15,female,KAK,',
    ].join('\r\n');
    const expected = [
      { row: 3, column: 'firstName', message: 'This field must be filled' },
      { row: 3, column: 'email', message: 'Must be a valid E-Mail address' },
      {
        row: 3,
        column: 'birthDate',
        message:
          'Please provide a valid Date. Expected format: YYYY-MM-DD, DD/MM/YYYY or MM/DD/YYYY.',
      },
      { row: 3, column: 'gender', message: GENDER_IMPORT_MESSAGE },
      { row: 3, column: 'clcCode', message: 'Please select a valid option' },
      { row: 4, column: 'birthDate', message: 'This field must be filled' },
      { row: 5, column: 'firstName', message: 'The same person as in row 2' },
      { row: 6, column: 'jwlId', message: 'Must be a number' },
      // The programme is offered at AMM too, but AMM is beyond this coordinator's CLC.
      { row: 6, column: 'clcCode', message: 'Please select a valid option' },
      {
        row: 7,
        column: 'birthDate',
        message: 'None plausible date of birth. The age must be between 15 and 100.',
      },
      { row: 8, column: 'phone', message: 'Please enter a valid phone number' },
    ];
    for (const dryRun of [true, false]) {
      const res = await upload(programme.id, csv, { dryRun });
      expect(res.statusCode, res.body).toBe(200);
      expect(withoutReading(res.json<ImportReport>())).toEqual({
        dryRun: true,
        rows: 8,
        problems: expected,
        created: 2,
        matched: 0,
        alreadyApplied: 0,
      });
    }
    expect(await enrolled(programme.id)).toBe(0);
    expect(
      await count(`select count(*)::int as n from users where first_name in ('Amani', 'Chebet')`),
    ).toBe(0);
  });

  it("shows each valid row's person as the file will write them", async () => {
    const programme = await f.programme('applying');
    const csv = [
      'jwlId,firstName,lastName,email,birthDate,clcCode',
      ',Amani,Bahati,amani@example.org,14/03/2001,kak',
      ',,Broken,,2000-01-01,KAK',
      ',Baraka,Mwangi,,02/11/1999,KAK',
    ].join('\n');
    const res = await upload(programme.id, csv, { dryRun: true });
    expect(res.json<ImportReport>().reading).toEqual({
      encoding: 'utf-8',
      encodingDetected: true,
      dates: 'dmy',
      people: [
        {
          row: 2,
          name: 'Amani Bahati',
          jwlId: null,
          birthDate: '2001-03-14',
          email: 'amani@example.org',
          clcCode: 'KAK',
        },
        {
          row: 4,
          name: 'Baraka Mwangi',
          jwlId: null,
          birthDate: '1999-11-02',
          email: null,
          clcCode: 'KAK',
        },
      ],
    });
  });

  it('names a missing column on the header row', async () => {
    const programme = await f.programme('applying');
    const res = await upload(programme.id, 'firstName;lastName\nAmani;Bahati\n');
    expect(res.json<ImportReport>().problems).toEqual([
      { row: 1, column: 'birthDate', message: 'This column is missing' },
      { row: 1, column: 'clcCode', message: 'This column is missing' },
    ]);
  });

  it('refuses a file it cannot read, an empty one, and a programme not taking applicants', async () => {
    const programme = await f.programme('applying');
    const binary = await upload(programme.id, Buffer.from([0, 1, 2, 3, 0, 255, 0, 7]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ fields: { file: 'File must be a valid file' } });
    const brokenZip = await upload(programme.id, Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(brokenZip.statusCode).toBe(400);
    const headerOnly = await upload(programme.id, 'firstName,lastName,birthDate,clcCode\n');
    expect(headerOnly.statusCode).toBe(400);
    const noFile = multipart({ note: 'no file' });
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${programme.id}/applicants/import`,
      headers: { ...(await t.as('coordinator')), ...noFile.headers },
      payload: noFile.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ fields: { file: 'Please add a file first' } });
    const running = await f.programme('running');
    const closed = await upload(
      running.id,
      'firstName,lastName,birthDate,clcCode\nA,B,2000-01-01,KAK',
    );
    expect(closed.statusCode).toBe(409);
    const kakOnly = await f.programme('applying', ['KAK']);
    const outOfReach = await upload(kakOnly.id, 'x', { user: 'coordinator_2' });
    expect(outOfReach.statusCode).toBe(404);
    const noRight = await upload(programme.id, 'x', { user: 'academic_manager' });
    expect(noRight.json()).toMatchObject({ missingRight: 'PROGRAMME_APPLICANT__IMPORT' });
  });
});

describe('a clean file', () => {
  it('matches existing people, creates the others, and the same file again adds nobody', async () => {
    const programme = await f.programme('preparing');
    const byId = await f.person({ firstName: 'Innocent', lastName: 'Habimana' });
    const byName = await f.person({
      firstName: 'Furaha',
      lastName: 'Amani',
      birthDate: '1997-02-03',
    });
    const byEmail = await f.person({
      firstName: 'Mohammed',
      lastName: 'Rafique',
      email: 'rafique.family@example.org',
      birthDate: '1995-09-09',
    });
    const already = await f.enrol(programme.id, 'active', {
      firstName: 'Gloria',
      lastName: 'Ilunga',
    });
    const csv = [
      'jwlId,firstName,lastName,email,phone,birthDate,gender,clcCode',
      ',Amani,Bahati,amani@example.org,0712 111 222,2000-05-01,f,KAK',
      ',Baraka,Mwangi,,,1999-11-30,m,KAK',
      `${byId.id},Innocent,Habimana,,,,,KAK`,
      ',FURAHA,amani,,,1997-02-03,,KAK',
      // The same person, their name spelt otherwise: found by e-mail and birth date.
      ',Mohamed,Rafiq,Rafique.Family@example.org,,1995-09-09,,KAK',
      `${already.userId},Gloria,Ilunga,,,,,KAK`,
      ',"Chebet ""Chichi""",Kiprop,,,1998-07-15,o,KAK',
    ].join('\n');

    const dry = await upload(programme.id, csv, { dryRun: true });
    const counts = { rows: 7, problems: [], created: 3, matched: 3, alreadyApplied: 1 };
    expect(withoutReading(dry.json<ImportReport>())).toEqual({ dryRun: true, ...counts });
    expect(await enrolled(programme.id)).toBe(1);

    const usersBefore = await count(`select count(*)::int as n from users`);
    const done = await upload(programme.id, csv);
    expect(withoutReading(done.json<ImportReport>())).toEqual({ dryRun: false, ...counts });
    expect(await enrolled(programme.id)).toBe(7);
    const people = await t.database.query<{
      first_name: string;
      username: string;
      password_hash: string | null;
      phone: string | null;
      gender: string | null;
      birth_date: string;
      roles: string[];
      state: string;
    }>(
      `select u.first_name, u.username, u.password_hash, u.phone, u.gender, e.state,
         sp.birth_date::text as birth_date,
         array(select role_key from user_roles r where r.user_id = u.jwl_id) as roles
       from enrolments e join users u on u.jwl_id = e.user_id
       left join student_profiles sp on sp.user_id = u.jwl_id
       where e.programme_id = $1 order by u.jwl_id`,
      [programme.id],
    );
    const created = people.filter((p) =>
      ['Amani', 'Baraka', 'Chebet "Chichi"'].includes(p.first_name),
    );
    expect(
      created.map((p) => [
        p.first_name,
        p.password_hash,
        p.phone,
        p.gender,
        p.birth_date,
        p.roles,
        p.state,
      ]),
    ).toEqual([
      ['Amani', null, '+254712111222', 'f', '2000-05-01', ['STUDENT'], 'applied'],
      ['Baraka', null, null, 'm', '1999-11-30', ['STUDENT'], 'applied'],
      ['Chebet "Chichi"', null, null, 'o', '1998-07-15', ['STUDENT'], 'applied'],
    ]);
    expect(created[0]?.username).toMatch(/^amani\.bahati\d*$/);
    expect(created[2]?.username).toMatch(/^chebetchichi\.kiprop\d*$/);
    // Only the three new people were created: the matched ones were not duplicated.
    expect(await count(`select count(*)::int as n from users`)).toBe(usersBefore + 3);
    expect(
      await count(
        `select count(*)::int as n from enrolments where programme_id = $1 and user_id = any($2)`,
        [programme.id, [byId.id, byName.id, byEmail.id]],
      ),
    ).toBe(3);
    expect(
      await count(
        `select count(*)::int as n from audit_log a join enrolments e on a.entity_id = e.id::text
         where a.entity_type = 'enrolment' and a.action = 'applied' and e.programme_id = $1`,
        [programme.id],
      ),
    ).toBe(6);

    const users = await count(`select count(*)::int as n from users`);
    const again = await upload(programme.id, csv);
    expect(withoutReading(again.json<ImportReport>())).toEqual({
      dryRun: false,
      rows: 7,
      problems: [],
      created: 0,
      matched: 0,
      alreadyApplied: 7,
    });
    expect(await enrolled(programme.id)).toBe(7);
    expect(await count(`select count(*)::int as n from users`)).toBe(users);
  });

  it('writes one audit row per person (the application, naming who was created) and one for the import', async () => {
    const programme = await f.programme('applying');
    const csv = [
      'firstName,lastName,email,phone,birthDate,gender,clcCode',
      'Nadia,Yousef,nadia.yousef@example.org,0712 555 666,1999-04-04,f,KAK',
      'Omar,Haji,,,2001-12-12,,KAK',
    ].join('\n');
    expect((await upload(programme.id, csv)).json<ImportReport>().created).toBe(2);
    const [coordinator] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'coordinator'`,
    );
    const people = await t.database.query<{
      id: number;
      username: string;
      action: string;
      entity_type: string;
      changes: Record<string, unknown>;
      actor_id: number;
    }>(
      `select u.jwl_id as id, u.username, a.action, a.entity_type, a.changes, a.actor_id
       from enrolments e join users u on u.jwl_id = e.user_id
       join audit_log a on (a.entity_type = 'enrolment' and a.entity_id = e.id::text)
         or (a.entity_type = 'user' and a.entity_id = u.jwl_id::text)
       where e.programme_id = $1 order by u.jwl_id, a.id`,
      [programme.id],
    );
    const applied = (i: number) => ({
      state: { from: null, to: 'applied' },
      programmeId: programme.id,
      clc: 'KAK',
      source: 'import',
      userId: people[i]?.id,
    });
    expect(people.map((p) => [p.action, p.entity_type, p.changes, p.actor_id])).toEqual([
      [
        'applied',
        'enrolment',
        {
          ...applied(0),
          created: {
            username: people[0]?.username,
            firstName: 'Nadia',
            lastName: 'Yousef',
            email: 'nadia.yousef@example.org',
            phone: '+254712555666',
            gender: 'f',
            birthDate: '1999-04-04',
            roles: ['STUDENT'],
            clcs: ['KAK'],
          },
        },
        coordinator?.id,
      ],
      [
        'applied',
        'enrolment',
        {
          ...applied(1),
          created: {
            username: people[1]?.username,
            firstName: 'Omar',
            lastName: 'Haji',
            birthDate: '2001-12-12',
            roles: ['STUDENT'],
            clcs: ['KAK'],
          },
        },
        coordinator?.id,
      ],
    ]);
    const imports = await t.database.query<{ changes: Record<string, unknown> }>(
      `select changes from audit_log
       where action = 'applicants.imported' and entity_type = 'programme' and entity_id = $1`,
      [String(programme.id)],
    );
    expect(imports.map((a) => a.changes)).toEqual([{ rows: 2, created: 2, enrolled: 2 }]);
  });

  it('names new people after the first free number of their name, gaps first', async () => {
    const programme = await f.programme('applying');
    const taken = ['lina.sabbagh', 'lina.sabbagh3', 'tariq.nour7'];
    // A large family: more names taken than the first look-up asks about.
    for (let n = 1; n <= 20; n += 1) taken.push(n === 1 ? 'zola.mbeki' : `zola.mbeki${n}`);
    for (const username of taken)
      await t.database.query(
        `insert into users (username, first_name, last_name) values ($1, 'Taken', 'Name')`,
        [username],
      );
    const csv = [
      'firstName,lastName,birthDate,clcCode',
      'Lina,Sabbagh,1990-01-01,KAK',
      'Zola,Mbeki,1990-01-01,KAK',
      'Lina,Sabbagh,1991-01-01,KAK',
      // A name ending in a number: its own family, the number after it.
      'Tariq,Nour7,1990-01-01,KAK',
      'Lina,Sabbagh,1992-01-01,KAK',
    ].join('\n');
    expect((await upload(programme.id, csv)).json<ImportReport>().created).toBe(5);
    const names = await t.database.query<{ username: string }>(
      `select u.username from enrolments e join users u on u.jwl_id = e.user_id
       where e.programme_id = $1 order by u.jwl_id`,
      [programme.id],
    );
    expect(names.map((n) => n.username)).toEqual([
      'lina.sabbagh2',
      'zola.mbeki21',
      'lina.sabbagh4',
      'tariq.nour72',
      'lina.sabbagh5',
    ]);
  });

  it('reads an XLSX file: date cells, linked e-mails, numbers, any header case', async () => {
    const programme = await f.programme('applying');
    const existing = await f.person({ firstName: 'Ruth', lastName: 'Tesfaye' });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Applicants');
    sheet.addRow([
      'JWLID',
      'FIRSTNAME',
      'Last Name',
      'email',
      'phone',
      'Birth Date',
      'gender',
      'clc_code',
    ]);
    sheet.addRow([
      null,
      'Ayen',
      'Chol',
      { text: 'ayen.chol@example.org', hyperlink: 'mailto:ayen.chol@example.org' },
      712444555,
      new Date(Date.UTC(2001, 2, 14)),
      'F',
      'KAK',
    ]);
    sheet.addRow([existing.id, 'Ruth', 'Tesfaye', null, null, null, null, 'KAK']);
    sheet.addRow([null, 'Bad', 'Date', null, null, 'yesterday', null, 'KAK']);
    const data = Buffer.from(await book.xlsx.writeBuffer());

    const withProblem = await upload(programme.id, data, { name: 'applicants.xlsx' });
    expect(withProblem.json<ImportReport>().problems).toEqual([
      {
        row: 4,
        column: 'birthDate',
        message:
          'Please provide a valid Date. Expected format: YYYY-MM-DD, DD/MM/YYYY or MM/DD/YYYY.',
      },
    ]);
    sheet.spliceRows(4, 1);
    const clean = Buffer.from(await book.xlsx.writeBuffer());
    // The declared name and type do not matter: the content says XLSX.
    const res = await upload(programme.id, clean, { name: 'applicants.csv' });
    expect(withoutReading(res.json<ImportReport>())).toEqual({
      dryRun: false,
      rows: 2,
      problems: [],
      created: 1,
      matched: 1,
      alreadyApplied: 0,
    });
    const [ayen] = await t.database.query<{
      email: string;
      phone: string;
      birth_date: string;
      gender: string;
    }>(
      `select u.email, u.phone, u.gender, sp.birth_date::text as birth_date
       from users u join student_profiles sp on sp.user_id = u.jwl_id
       join enrolments e on e.user_id = u.jwl_id and e.programme_id = $1
       where u.first_name = 'Ayen'`,
      [programme.id],
    );
    expect(ayen).toEqual({
      email: 'ayen.chol@example.org',
      phone: '+254712444555',
      gender: 'f',
      birth_date: '2001-03-14',
    });
  });

  it('reports people it cannot tell apart, and staff of other CLCs it may not attach', async () => {
    const programme = await f.programme('applying');
    for (let i = 0; i < 2; i += 1)
      await f.person({ firstName: 'Twin', lastName: 'Nkurunziza', birthDate: '2002-04-04' });
    const [coordinator2] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'coordinator_2'`,
    );
    const csv = [
      'jwlId,firstName,lastName,birthDate,clcCode',
      ',Twin,Nkurunziza,2002-04-04,KAK',
      `${coordinator2?.id ?? 0},Rami,Saleh,,KAK`,
      '999999,Nobody,Known,,KAK',
    ].join('\n');
    const res = await upload(programme.id, csv);
    expect(res.json<ImportReport>().problems).toEqual([
      {
        row: 2,
        column: 'firstName',
        message: 'Several people have this name and birth date: give the JWL-ID',
      },
      { row: 3, column: 'jwlId', message: 'No person has this JWL-ID' },
      { row: 4, column: 'jwlId', message: 'No person has this JWL-ID' },
    ]);
    expect(await enrolled(programme.id)).toBe(0);
  });

  it('queues the application mail, and invites an imported person once accepted', async () => {
    const programme = await f.programme('applying');
    await t.database.query(
      `insert into automatic_mails (programme_id, event_type, subject, body, recipient_role, published)
       values ($1, 'application_received', 'We received your application', 'Dear {{firstName}}', 'student', true)`,
      [programme.id],
    );
    await upload(
      programme.id,
      'firstName,lastName,email,birthDate,clcCode\nLuwam,Berhane,luwam@example.org,2000-10-10,KAK',
    );
    const [row] = await t.database.query<{ id: number; user_id: number }>(
      `select id, user_id from enrolments where programme_id = $1`,
      [programme.id],
    );
    // The application mail only: no invitation before the accept.
    expect(
      await t.database.query(`select kind, text_body from mail_outbox where to_user_id = $1`, [
        row?.user_id,
      ]),
    ).toEqual([{ kind: 'automatic', text_body: 'Dear Luwam' }]);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${programme.id}/students/actions/accept`,
      headers: await t.as('coordinator'),
      payload: { enrolmentIds: [row?.id] },
    });
    expect(accept.json()).toEqual({ done: [row?.id], refused: [] });
    expect(
      await count(
        `select count(*)::int as n from mail_outbox where to_user_id = $1 and kind = 'invitation'
           and to_address = 'luwam@example.org'`,
        [row?.user_id],
      ),
    ).toBe(1);
  });
});

describe('the import and the add-applicant form', () => {
  it('refuse the same values with the same messages: one schema checks both', async () => {
    const { applicantInputSchema } = await import('@lantern/contracts/programme');
    const [, formSchema] = applicantInputSchema.options;
    const programme = await f.programme('applying');
    const good = {
      firstName: 'Neema',
      lastName: 'Otieno',
      email: 'neema@example.org',
      phone: '',
      birthDate: '1999-03-04',
    };
    const wrong: [keyof typeof good, string][] = [
      ['firstName', ''],
      ['firstName', 'x'.repeat(101)],
      ['lastName', '   '],
      ['email', 'not-an-email'],
      ['email', `${'a'.repeat(250)}@example.org`],
      ['phone', '1'.repeat(41)],
      ['birthDate', '2001-02-30'],
      ['birthDate', '2001-13-01'],
      ['birthDate', addDays(todayUtc(), -365 * 5)],
      ['birthDate', '1900-01-01'],
    ];
    for (const [field, value] of wrong) {
      const form = formSchema.safeParse({ ...good, [field]: value, clcId: 1 });
      const formMessage = form.error?.issues.find((i) => i.path[0] === field)?.message;
      expect(formMessage, `${field}=${value}`).toBeTruthy();
      const row = { ...good, [field]: value };
      const csv = [
        'firstName,lastName,email,phone,birthDate,clcCode',
        [row.firstName, row.lastName, row.email, row.phone, row.birthDate, 'KAK'].join(','),
      ].join('\n');
      const res = await upload(programme.id, csv, { dryRun: true });
      expect(res.statusCode, res.body).toBe(200);
      // The import says the form's text first; a date adds the format it expects (issue 27).
      const problem = res
        .json<ImportReport>()
        .problems.find((p) => p.row === 2 && p.column === field);
      expect(problem?.message.split('. Expected format:')[0], `${field}=${value}`).toBe(
        formMessage,
      );
    }
  });
});
