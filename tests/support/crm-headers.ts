/*
 * The header rows a CRM import expects, written out as issue 22 and the CRMs' import guides spell them:
 * what the e2e tests compare a downloaded file's first row with. Kept apart from lib/leads/export/formats.ts
 * on purpose (a test that read the headers from the writer could not catch a renamed column).
 */

// Record ID (HubSpot's own import column: the contact to update) and the extension's properties by their labels (issue 39).
export const HUBSPOT_HEADER = [
  'Record ID',
  'Crypto Directory ID',
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Job Title',
  'Company Name',
  'Company Domain Name',
  'Twitter Username',
  'Lead Status',
  'LinkedIn URL',
  'Telegram',
  'Next follow-up',
  'Crypto Directory tags',
  // The X account's user id (issue 42).
  'X user ID',
];

export const SALESFORCE_HEADER = ['First Name', 'Last Name', 'Title', 'Company', 'Email', 'Phone', 'Website', 'Lead Status', 'Description'];

export const PIPEDRIVE_HEADER = [
  'Person - Name',
  'Person - First name',
  'Person - Last name',
  'Person - Email',
  'Person - Phone',
  'Person - Job title',
  'Organization - Name',
  'Organization - Website',
  'Note - Content',
];
