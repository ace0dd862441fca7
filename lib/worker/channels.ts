import type { Person } from '../api';
import { CONTACT_CHANNELS } from '../credits';

export const isUnlocked = (p: Person) => CONTACT_CHANNELS.some((c) => p[c] != null && p[c] !== '');
export const channelsOf = (p: Person) => Object.fromEntries(CONTACT_CHANNELS.map((c) => [c, p[c] ?? null]));
