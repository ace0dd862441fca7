export { createHubSpotEmulator, FULL_SCOPES } from './emulator';
