export { createHubSpotEmulator, FULL_SCOPES, type HubSpotEmulator } from './emulator';
