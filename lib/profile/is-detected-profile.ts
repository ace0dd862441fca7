import type { DetectedProfile, ProfileDetection } from './types';

/** A real profile to look up (not "nothing", not a page we refuse to guess on or LinkedIn did not show). */
export function isDetectedProfile(detection: ProfileDetection): detection is DetectedProfile {
  return detection !== null && !(detection.site === 'linkedin' && (detection.kind === 'unsupported' || detection.kind === 'not-shown'));
}
