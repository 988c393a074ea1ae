import { SimpleGrid } from '@mantine/core';
import type { Clc } from '@lantern/contracts/clc';
import { ImageField } from '../../../components/image-field';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { useUploadClcImage, type ClcImageKind } from '../api/upload-clc-image';

/** The logo and the signature on the certificates; each upload replaces the one before. */
export function ClcImages({ clc, onSaved }: { clc: Clc; onSaved: (clc: Clc) => void }) {
  const user = useCurrentUser();
  const upload = useUploadClcImage();
  const uploader = (kind: ClcImageKind) => async (file: File) => {
    const saved = await upload.mutateAsync({ id: clc.id, kind, version: clc.version, file });
    onSaved(saved);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <ImageField
        label="Logo"
        src={clc.logo}
        alt={`Logo of ${clc.name}`}
        onUpload={hasRight(user, 'CLC__EDIT') ? uploader('logo') : undefined}
      />
      <ImageField
        label="Signature"
        src={clc.signature}
        alt={`Signature of ${clc.signeeName ?? clc.name}`}
        onUpload={hasRight(user, 'CLC_SIGNATURE__EDIT') ? uploader('signature') : undefined}
      />
    </SimpleGrid>
  );
}
