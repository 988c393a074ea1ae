/** The certificate export of a professional certificate (spec §2), linked from its overview. */
export const certificateExportPath = (programmeId: number) =>
  `/en/programme/professional-certificate/${programmeId}/certificate-export`;
