import { useState } from 'react';
import { sendMessage } from '@/lib/messaging/protocol';
import { BACKGROUND_NO_ANSWER, DELETE_ALL_FAILED } from '@/lib/messages/texts';

export interface DeleteAllHandle {
  busy: boolean;
  error: string | null;
  deleteAll: () => Promise<void>;
}

/** "Delete everything": the worker wipes every store and restarts the extension, which closes this page. */
export function useDeleteAll(): DeleteAllHandle {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function deleteAll() {
    setBusy(true);
    setError(null);
    try {
      await sendMessage('deleteAllData');
    } catch (e) {
      setError(`${DELETE_ALL_FAILED} ${e instanceof Error && e.message ? e.message : BACKGROUND_NO_ANSWER}`);
      setBusy(false);
    }
    // On success the restart closes this page: it stays busy until then.
  }
  return { busy, error, deleteAll };
}
