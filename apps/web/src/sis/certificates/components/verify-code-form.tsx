import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  certificateVerificationPath,
  normaliseCertificateCode,
} from '@lantern/contracts/programme';

const CODE_HINT = 'Enter the 12 letters and digits of the code, as ABCD-EFGH-JKLM.';

/** A code to check: typed as printed (any case, with or without dashes), then its page. */
export function VerifyCodeForm({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const code = normaliseCertificateCode(value);
        if (!code) {
          setError(CODE_HINT);
          return;
        }
        setError(null);
        void navigate(certificateVerificationPath(code));
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Verification code"
          placeholder="ABCD-EFGH-JKLM"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          style={{ flexGrow: 1 }}
        />
        <Button type="submit" mt={25}>
          Verify
        </Button>
      </Group>
    </form>
  );
}
