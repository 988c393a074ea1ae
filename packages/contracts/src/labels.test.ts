import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  entityTypeLabel,
  fieldLabel,
  fieldsDetail,
  rightActionLabel,
  rightFamilyLabel,
  rightLabel,
} from './labels';
import { RIGHTS, rightAction, rightFamily } from './rights';

describe('labels', () => {
  it('gives every right family and action of the catalogue a label of its own', () => {
    for (const right of RIGHTS) {
      expect(rightFamilyLabel(rightFamily(right))).not.toMatch(/[A-Z]{2,}_|__/);
      expect(rightActionLabel(rightAction(right))).not.toMatch(/_/);
      expect(rightLabel(right)).not.toContain(right);
    }
    expect(rightLabel('PC_CLASS__DISPLAY')).toBe('Professional certificates: classes — view');
  });

  it('names audit actions in words, known or not', () => {
    expect(auditActionLabel('auth.sign_in')).toBe('Signed in');
    expect(auditActionLabel('student.created')).toBe('Student created');
    expect(auditActionLabel('programme.publish')).toBe('Programme: publish');
    expect(auditActionLabel('user.security.lock')).toBe('User: security lock');
    expect(auditActionLabel('newthing.made_up')).toBe('Newthing: made up');
    expect(auditActionLabel('programme.startProgramme')).toBe('Programme: start programme');
    expect(auditActionLabel('ba_classroom.closed')).toBe('Classroom closed');
    expect(entityTypeLabel('automatic_mail')).toBe('Automatic mail');
  });

  it('names fields by the label of their form, and a detail by those labels', () => {
    expect(fieldLabel('phone')).toBe('Phone');
    expect(fieldLabel('unhcrNumber')).toBe('UNHCR number');
    expect(fieldLabel('someNewField')).toBe('Some new field');
    expect(fieldLabel('items.0.dueOn')).toBe('Items due on');
    expect(fieldsDetail({ phone: 'Please enter a valid phone number', clcIds: 'At least 1' })).toBe(
      'Phone: Please enter a valid phone number, CLCs: At least 1',
    );
  });
});
