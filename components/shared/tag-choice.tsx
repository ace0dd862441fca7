/*
 * TagChoice — the "Tag" beside "Save as leads" (prospect results, People on this page): the leads saved
 * get it, so a saved list has a name the Leads page filters and exports by. It offers the tags in use and
 * starts at the last one saved with; left empty, the leads are saved untagged.
 */
import { useId, useState } from 'react';
import type { TagChoices } from '@/lib/leads/lead-store';
import { Options } from './options';

/** The tag to save with: the last one used (once read) until the rep types another. */
export function useTag(choices: TagChoices | undefined): [string, (tag: string) => void] {
  const [typed, setTyped] = useState<string | null>(null);
  return [typed ?? choices?.last ?? '', setTyped];
}

export interface TagChoiceProps {
  value: string;
  /** The tags in use, offered as the rep types. */
  tags: readonly string[];
  onChange: (tag: string) => void;
}

export function TagChoice({ value, tags, onChange }: TagChoiceProps) {
  const id = useId();
  return (
    <span className="tag-choice">
      <label htmlFor={id}>Tag</label>{' '}
      <input
        id={id}
        list={`${id}-tags`}
        value={value}
        size={12}
        maxLength={100}
        placeholder="none"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={`${id}-tags`}>
        <Options of={tags.map((t) => ({ id: t, label: t }))} />
      </datalist>
    </span>
  );
}
