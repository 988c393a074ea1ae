import { Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type { ClcRef } from '@lantern/contracts/current-user';
import { IDENTIFICATION_TYPES, studentInputSchema, type Student } from '@lantern/contracts/people';
import { FormSection } from '../../../components/form-section';
import { SaveFooter } from '../../../components/save-footer';
import { labelledOptions } from '../../../lib/enumerations';
import { outcomeTexts, UPDATE_TEXTS } from '../../../lib/notify';
import { useSaveOutcome, type Warnings } from '../../../lib/use-save-outcome';
import { EmailField } from './email-field';
import {
  CheckboxField,
  ClcField,
  CountryField,
  EnumField,
  NumberField,
  SelectField,
} from './form-fields';
import { SaveWarnings } from './save-warnings';
import { FormDateField } from '../../../components/date-field';

export type StudentFormValues = z.input<typeof studentInputSchema>;
export type StudentFormOutput = z.output<typeof studentInputSchema>;

export const EMPTY_STUDENT: StudentFormValues = {
  username: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  gender: null,
  clcIds: [],
  birthDate: '',
  birthCountry: null,
  birthPlace: '',
  nationality: null,
  nativeLanguage: '',
  countryOfOrigin: null,
  countryOfResidence: null,
  countryOfSchool: null,
  residencyStatus: null,
  schoolingLevel: null,
  vocationalSchool: false,
  vocationalName: '',
  vocationalCountry: null,
  vocationalSubjects: '',
  vocationalYears: null,
  vocationalCompleted: null,
  vocationalCompletionYear: null,
  unhcrNumber: '',
  identificationType: 'none',
  identificationNumber: '',
  otherCommunication: '',
  deviceType: null,
  cefrLevel: null,
};

export const studentFormValues = (s: Student): StudentFormValues => ({
  username: s.username,
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email ?? '',
  phone: s.phone ?? '',
  gender: s.gender,
  clcIds: s.clcs.map((clc) => clc.id),
  birthDate: s.birthDate ?? '',
  birthCountry: s.birthCountry,
  birthPlace: s.birthPlace ?? '',
  nationality: s.nationality,
  nativeLanguage: s.nativeLanguage ?? '',
  countryOfOrigin: s.countryOfOrigin,
  countryOfResidence: s.countryOfResidence,
  countryOfSchool: s.countryOfSchool,
  residencyStatus: s.residencyStatus,
  schoolingLevel: s.schoolingLevel,
  vocationalSchool: s.vocationalSchool,
  vocationalName: s.vocationalName ?? '',
  vocationalCountry: s.vocationalCountry,
  vocationalSubjects: s.vocationalSubjects ?? '',
  vocationalYears: s.vocationalYears,
  vocationalCompleted: s.vocationalCompleted,
  vocationalCompletionYear: s.vocationalCompletionYear,
  unhcrNumber: s.unhcrNumber ?? '',
  identificationType: s.identificationType,
  identificationNumber: s.identificationNumber ?? '',
  otherCommunication: s.otherCommunication ?? '',
  deviceType: s.deviceType,
  cefrLevel: s.cefrLevel,
});

export const STUDENT_FIELDS = Object.keys(EMPTY_STUDENT) as Path<StudentFormValues>[];

const IDENTIFICATION_OPTIONS = labelledOptions(IDENTIFICATION_TYPES, {
  none: 'None',
  passport: 'Passport',
  localId: 'Local ID',
});

type StudentFormProps = {
  defaultValues: StudentFormValues;
  /** The student being edited; null for a new one. */
  studentId: number | null;
  clcs: readonly ClcRef[];
  submitLabel: string;
  onSave: (data: StudentFormOutput) => Promise<Warnings>;
  onReload?: () => Promise<StudentFormValues>;
};

export function StudentForm(props: StudentFormProps) {
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    StudentFormValues,
    unknown,
    StudentFormOutput
  >({ resolver: zodResolver(studentInputSchema), defaultValues: props.defaultValues });
  const outcome = useSaveOutcome({
    setError,
    reset,
    fields: STUDENT_FIELDS,
    onReload: props.onReload,
    form: 'student-form',
    texts:
      props.studentId === null
        ? outcomeTexts('Student created', 'The student was not created')
        : UPDATE_TEXTS,
  });
  const email = useWatch({ control, name: 'email' });
  const hasVocational = useWatch({ control, name: 'vocationalSchool' });
  const identification = useWatch({ control, name: 'identificationType' });
  const { errors } = formState;

  const onSubmit = handleSubmit((data) => outcome.run(() => props.onSave(data)), outcome.invalid);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Student">
      <Stack gap="sm">
        <FormSection legend="Person">
          <TextInput
            label="First name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Last name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextInput
            label="Username"
            required
            autoComplete="off"
            error={errors.username?.message}
            {...register('username')}
          />
          <EnumField control={control} name="gender" label="Gender" enumeration="genders" />
          <FormDateField control={control} name="birthDate" label="Date of birth" required />
          <ClcField control={control} name="clcIds" label="CLCs" required initial={props.clcs} />
        </FormSection>
        <FormSection legend="Contact">
          <EmailField
            kind="student"
            exceptId={props.studentId}
            value={typeof email === 'string' ? email : ''}
            registration={register('email')}
            error={errors.email?.message}
          />
          <TextInput
            label="Phone"
            type="tel"
            description="With +country code, or as dialled in the country of residence"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <Textarea
            label="Other communication channels"
            autosize
            minRows={1}
            error={errors.otherCommunication?.message}
            {...register('otherCommunication')}
          />
        </FormSection>
        <FormSection legend="Origin and residence">
          <CountryField control={control} name="nationality" label="Nationality" />
          <TextInput
            label="Native language"
            error={errors.nativeLanguage?.message}
            {...register('nativeLanguage')}
          />
          <CountryField control={control} name="birthCountry" label="Country of birth" />
          <TextInput
            label="Place of birth"
            error={errors.birthPlace?.message}
            {...register('birthPlace')}
          />
          <CountryField control={control} name="countryOfOrigin" label="Country of origin" />
          <CountryField control={control} name="countryOfResidence" label="Country of residence" />
          <EnumField
            control={control}
            name="residencyStatus"
            label="Residency status"
            enumeration="residencyStatuses"
          />
        </FormSection>
        <FormSection legend="Schooling">
          <EnumField
            control={control}
            name="schoolingLevel"
            label="Highest level of schooling"
            enumeration="schoolingLevels"
          />
          <CountryField control={control} name="countryOfSchool" label="Country of school" />
          <CheckboxField
            control={control}
            name="vocationalSchool"
            label="Went to a vocational school"
          />
          {hasVocational === true ? (
            <>
              <TextInput
                label="Vocational school"
                error={errors.vocationalName?.message}
                {...register('vocationalName')}
              />
              <CountryField
                control={control}
                name="vocationalCountry"
                label="Country of the vocational school"
              />
              <TextInput
                label="Vocational subjects"
                error={errors.vocationalSubjects?.message}
                {...register('vocationalSubjects')}
              />
              <NumberField
                control={control}
                name="vocationalYears"
                label="Years at the vocational school"
                min={0}
                max={10}
              />
              <SelectField
                control={control}
                name="vocationalCompleted"
                label="Completed"
                data={[
                  { value: 'yes', label: 'Yes' },
                  { value: 'no', label: 'No' },
                ]}
                yesNo
              />
              <NumberField
                control={control}
                name="vocationalCompletionYear"
                label="Year of completion"
                min={1900}
                max={2100}
              />
            </>
          ) : null}
        </FormSection>
        <FormSection legend="Identification">
          <TextInput
            label="UNHCR number"
            error={errors.unhcrNumber?.message}
            {...register('unhcrNumber')}
          />
          <SelectField
            control={control}
            name="identificationType"
            label="Other identification"
            data={IDENTIFICATION_OPTIONS}
            required
          />
          {identification !== 'none' ? (
            <TextInput
              label="Identification number"
              required
              error={errors.identificationNumber?.message}
              {...register('identificationNumber')}
            />
          ) : null}
        </FormSection>
        <FormSection legend="Learning">
          <EnumField control={control} name="deviceType" label="Device" enumeration="deviceTypes" />
          <EnumField
            control={control}
            name="cefrLevel"
            label="English level (CEFR)"
            enumeration="cefrLevels"
            numeric
          />
        </FormSection>
        <SaveWarnings warnings={outcome.warnings} />
        <SaveFooter
          outcome={outcome}
          submitLabel={props.submitLabel}
          isSubmitting={formState.isSubmitting}
        />
      </Stack>
    </form>
  );
}
