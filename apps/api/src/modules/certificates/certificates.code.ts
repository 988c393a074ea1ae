import { randomBytes } from 'node:crypto';
import { CERTIFICATE_CODE_ALPHABET } from '@lantern/contracts/programme';

/**
 * A new verification code from the system's random source: 12 symbols of a 32-letter alphabet
 * (60 bits), so codes cannot be guessed or walked. 256 is a multiple of 32, so taking each
 * byte modulo 32 favours no symbol.
 */
export function newCertificateCode(): string {
  const bytes = randomBytes(12);
  let code = '';
  for (const byte of bytes) code += CERTIFICATE_CODE_ALPHABET.charAt(byte % 32);
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
