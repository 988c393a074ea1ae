import type { AppProcess } from './processes';

/** A JSON call to the app as a signed-in user; a refusal throws with the answer's start. */
export async function api<T>(
  app: AppProcess,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${app.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${path} answered ${String(response.status)}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** A professional certificate at KAK and AMM, open for applications, for the import benches. */
export async function openProgramme(
  app: AppProcess,
  token: string,
  named: { code: string; title: string; courseCode: string; certificateText: string },
): Promise<{ id: number; clcCodes: string[] }> {
  const clcs = await api<{ items: { id: number; code: string }[] }>(
    app,
    token,
    '/api/en/clc-partner?limit=100',
  );
  const chosen = clcs.items.filter((c) => c.code === 'KAK' || c.code === 'AMM');
  const schemas = await api<{ id: number }[]>(app, token, '/api/en/grading-schema');
  const created = await api<{ id: number; version: number }>(
    app,
    token,
    '/api/en/programme/professional-certificate',
    {
      method: 'POST',
      body: JSON.stringify({
        code: named.code,
        internalName: named.title,
        title: named.title,
        startDate: '2027-01-01',
        endDate: '2027-06-30',
        gradingSchemaId: schemas[0]?.id,
        certifyingUniversity: 'Bench University',
        certificateText: named.certificateText,
        clcIds: chosen.map((c) => c.id),
        courses: [{ code: named.courseCode, title: 'Bench', units: 1 }],
      }),
    },
  );
  await api(
    app,
    token,
    `/api/en/programme/professional-certificate/${String(created.id)}/actions/open-applications`,
    { method: 'POST', body: JSON.stringify({ version: created.version }) },
  );
  return { id: created.id, clcCodes: chosen.map((c) => c.code) };
}
