/** The sections of a professional certificate beside its overview (spec §2), and its
 * automatic mails, whose path names the programme type as the API does. */
export const programmeClassesPath = (id: number) =>
  `/en/programme/professional-certificate/${id}/classes`;
export const programmeFinishPath = (id: number) =>
  `/en/programme/professional-certificate/${id}/finish`;
export const programmeCertificatesPath = (id: number) =>
  `/en/programme/professional-certificate/${id}/certificate-export`;
export const programmeMailsPath = (id: number) => `/en/automatic-mail/professional/${id}/list`;
export const programmeDropoutPath = (id: number) =>
  `/en/programme/professional-certificate/${id}/dropout-flagging`;
