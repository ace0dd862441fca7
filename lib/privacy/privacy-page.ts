/** The privacy page's address inside the extension (entrypoints/privacy), for the links to it (options, welcome). */
export const PRIVACY_PAGE = '/privacy.html';
