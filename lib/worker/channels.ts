import type { Person } from '../api';

// The four private channels of a person record: null until this account unlocks them.
export const CHANNELS = ['email', 'phone', 'telegram', 'linkedinUrl'] as const;

export const isUnlocked = (p: Person) => CHANNELS.some((c) => p[c] != null && p[c] !== '');
export const channelsOf = (p: Person) => Object.fromEntries(CHANNELS.map((c) => [c, p[c] ?? null]));
