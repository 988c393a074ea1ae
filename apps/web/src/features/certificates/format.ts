/** A certificate date (YYYY-MM-DD) as it is printed on the certificate: read in UTC (spec §9). */
export const formatCertificateDate = (isoDate: string): string =>
  new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
