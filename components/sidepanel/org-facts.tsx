/*
 * The facts a Company card and a Fund card show alike: one `dt`/`dd` pair of plain text, the sector
 * chips, and the AI summary. One place, so the two cards cannot drift apart in markup or wording.
 */
import { SafeText } from '@/components/shared/safe-text';

/** A `dt`/`dd` pair of page-safe text; nothing when there is no text. */
export function TextFact({ label, text }: { label: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <SafeText text={text} />
      </dd>
    </>
  );
}

/** The record's sectors as chips; nothing when it has none. */
export function SectorChips({ sectors }: { sectors: readonly string[] }) {
  if (sectors.length === 0) return null;
  return (
    <>
      <dt>Sectors</dt>
      <dd className="chips">
        {sectors.map((s) => (
          <SafeText key={s} className="chip" text={s} />
        ))}
      </dd>
    </>
  );
}

/** "AI summary: …", as the API wrote it (multi-line); nothing without one. */
export function AiSummary({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="summary">
      <span className="summary__label">AI summary</span> <SafeText text={text} multiline />
    </p>
  );
}
