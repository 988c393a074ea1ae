import { describe, expect, it } from 'vitest';
import { launchCmi, parseManifest, publicSco } from './manifest';
import { htmlTitle, isFinderExtra } from './package-names';
import { scorm12Manifest, scorm2004Manifest } from './test-zips';

/**
 * What a manifest gives each SCO at launch (decision 0020 §2.2, "As built (trainings from real
 * authoring tools)"), read from manifests of the shapes the ADL and Rustici samples and the
 * authoring tools write.
 */

describe('SCORM 1.2 manifest data', () => {
  it('reads the mastery score, launch data and time limit of each item', () => {
    const manifest = parseManifest(
      scorm12Manifest([
        {
          id: 'A',
          href: 'a.html',
          item: `<adlcp:masteryscore>80</adlcp:masteryscore>
            <adlcp:datafromlms>level=2;lang=en</adlcp:datafromlms>
            <adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed>
            <adlcp:timelimitaction>continue, no message</adlcp:timelimitaction>`,
        },
        { id: 'B', href: 'b.html' },
        // Values of the wrong shape are left out: the runtime would refuse them.
        {
          id: 'C',
          href: 'c.html',
          item: `<adlcp:masteryscore>eighty</adlcp:masteryscore><adlcp:timelimitaction>stop</adlcp:timelimitaction>`,
        },
      ]),
    );
    expect(manifest.scos.map((s) => s.cmi)).toEqual([
      {
        'cmi.student_data.mastery_score': '80',
        'cmi.launch_data': 'level=2;lang=en',
        'cmi.student_data.max_time_allowed': '00:30:00',
        'cmi.student_data.time_limit_action': 'continue,no message',
      },
      undefined,
      undefined,
    ]);
  });
});

describe('SCORM 2004 manifest data', () => {
  it('reads objectives, the pass mark, launch data, completion threshold and time limit', () => {
    const manifest = parseManifest(
      scorm2004Manifest({
        passMark: '0.8',
        objectives: ['obj_etiquette', 'obj_handicapping'],
        item: `<adlcp:dataFromLMS>mode=exam</adlcp:dataFromLMS>
          <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.75" />
          <adlcp:timeLimitAction>exit,message</adlcp:timeLimitAction>`,
        limit: '<imsss:limitConditions attemptAbsoluteDurationLimit="PT1H30M" />',
      }),
    );
    expect(manifest.standard).toBe('scorm2004');
    expect(manifest.scos[0]?.cmi).toEqual({
      'cmi.objectives.0.id': 'PRIMARYOBJ',
      'cmi.objectives.1.id': 'obj_etiquette',
      'cmi.objectives.2.id': 'obj_handicapping',
      'cmi.scaled_passing_score': '0.8',
      'cmi.launch_data': 'mode=exam',
      'cmi.completion_threshold': '0.75',
      'cmi.time_limit_action': 'exit,message',
      'cmi.max_time_allowed': 'PT1H30M',
    });
  });

  it('gives no pass mark unless the primary objective is satisfied by measure; 1.0 when it names none', () => {
    const notByMeasure = parseManifest(
      scorm2004Manifest({ passMark: '0.6', byMeasure: false, objectives: [] }),
    );
    expect(notByMeasure.scos[0]?.cmi).toEqual({ 'cmi.objectives.0.id': 'PRIMARYOBJ' });
    const noMeasure = parseManifest(scorm2004Manifest({ passMark: null, objectives: [] }));
    expect(noMeasure.scos[0]?.cmi?.['cmi.scaled_passing_score']).toBe('1.0');
  });

  it('takes the sequencing of a collection entry the item names, and the 3rd edition’s threshold text', () => {
    const manifest = parseManifest(
      scorm2004Manifest({
        passMark: null,
        objectives: [],
        sequencingRef: 'common',
        item: '<adlcp:completionThreshold>0.5</adlcp:completionThreshold>',
        collection: `<imsss:sequencingCollection><imsss:sequencing ID="common"><imsss:objectives>
            <imsss:primaryObjective objectiveID="shared_primary" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure></imsss:primaryObjective>
            </imsss:objectives></imsss:sequencing></imsss:sequencingCollection>`,
      }),
    );
    expect(manifest.scos[0]?.cmi).toEqual({
      'cmi.objectives.0.id': 'shared_primary',
      'cmi.scaled_passing_score': '0.7',
      'cmi.completion_threshold': '0.5',
    });
  });
});

describe('delivering the data with a launch', () => {
  it('lays the manifest’s values over the stored ones and keeps them out of the SCO list', () => {
    const scos = [
      {
        index: 0,
        identifier: 'A',
        title: 'A',
        href: 'a.html',
        parameters: '',
        cmi: { 'cmi.student_data.mastery_score': '80' },
      },
      { index: 1, identifier: 'B', title: 'B', href: 'b.html', parameters: '' },
    ];
    expect(
      launchCmi(scos, {
        '0': { 'cmi.suspend_data': 'x', 'cmi.student_data.mastery_score': '10' },
        '1': { 'cmi.suspend_data': 'y' },
      }),
    ).toEqual({
      '0': { 'cmi.suspend_data': 'x', 'cmi.student_data.mastery_score': '80' },
      '1': { 'cmi.suspend_data': 'y' },
    });
    expect(launchCmi(scos, {})).toEqual({ '0': { 'cmi.student_data.mastery_score': '80' } });
    expect(scos.map(publicSco)[0]).not.toHaveProperty('cmi');
  });
});

describe('titles and Finder’s extras', () => {
  it('reads an HTML page’s title', () => {
    expect(htmlTitle('<html><head><title>\n  Hand &amp; washing &#8211; basics </title>')).toBe(
      'Hand & washing – basics',
    );
    expect(htmlTitle('<html><body>no title</body></html>')).toBe('');
  });

  it('takes the manifest’s LOM title when the organisation has none', () => {
    const xml = scorm12Manifest([{ id: 'A', href: 'a.html' }])
      .replace('<title>Safety basics</title>', '')
      .replace(
        '<schemaversion>1.2</schemaversion>',
        '<schemaversion>1.2</schemaversion><lom><general><title><langstring xml:lang="en">Road safety</langstring></title></general></lom>',
      );
    expect(parseManifest(xml).title).toBe('Road safety');
  });

  it('knows what macOS Finder adds', () => {
    for (const p of ['__MACOSX/course/._index.html', '__MACOSX/', 'course/.DS_Store', '._a.js'])
      expect(isFinderExtra(p), p).toBe(true);
    for (const p of ['course/index.html', 'a/_MACOSX/b', 'x.DS_Store', 'a._b'])
      expect(isFinderExtra(p), p).toBe(false);
  });
});
