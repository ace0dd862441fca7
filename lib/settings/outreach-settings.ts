import { z } from 'zod';

/*
 * Outreach: the message templates the card's "Message on Telegram" and "Email" start from, who the rep is
 * (`{myName}`, `{myCompany}`), and how many days out a message sets the follow-up. Parsing never fails, a
 * missing or broken part takes its default. Kept with the leads (lib/leads/lead-store.ts `outreach`), not
 * with the settings in storage.local: the rep's name is personal, and Firefox lets content scripts read that.
 */

/** The variables a template may use, each with what it stands for (the options page lists them). */
export const TEMPLATE_VARIABLES = [
  { name: 'firstName', means: 'their first name' },
  { name: 'name', means: 'their full name' },
  { name: 'company', means: 'their company' },
  { name: 'title', means: 'their job title' },
  { name: 'myName', means: 'your name' },
  { name: 'myCompany', means: 'your company' },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['name'];

/** At most this many templates, each this long: a template is a first message, not a newsletter. */
export const TEMPLATE_LIMITS = { count: 6, name: 40, subject: 150, body: 2_000, who: 80 } as const;

export const FOLLOW_UP_DAYS_BOUNDS = { min: 1, max: 60, fallback: 3 } as const;

const text = (max: number, fallback = '') =>
  z
    .string()
    .transform((s) => s.slice(0, max))
    .catch(fallback);

const TemplateSchema = z.object({
  id: z.string().min(1).max(40),
  name: text(TEMPLATE_LIMITS.name),
  /** The email's subject (Telegram has none). */
  subject: text(TEMPLATE_LIMITS.subject),
  body: text(TEMPLATE_LIMITS.body),
});
export type OutreachTemplate = z.output<typeof TemplateSchema>;

export const DEFAULT_TEMPLATES: readonly OutreachTemplate[] = [
  {
    id: 'intro',
    name: 'Intro',
    subject: '{company} × {myCompany}',
    body: 'Hi {firstName}, I follow what {company} is building and think there is a fit worth a short call. Open to 15 minutes this week?\n\n{myName}, {myCompany}',
  },
  {
    id: 'follow-up',
    name: 'Follow-up',
    subject: 'Following up: {company} × {myCompany}',
    body: 'Hi {firstName}, following up on my last message. Happy to share a short deck, or find a time that suits you.\n\n{myName}, {myCompany}',
  },
];

export const OutreachSettingsSchema = z.preprocess(
  (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}),
  z.object({
    myName: text(TEMPLATE_LIMITS.who),
    myCompany: text(TEMPLATE_LIMITS.who),
    /** "Follow up in N days" after a message. */
    followUpDays: z
      .number()
      .transform((n) => Math.min(FOLLOW_UP_DAYS_BOUNDS.max, Math.max(FOLLOW_UP_DAYS_BOUNDS.min, Math.round(n))))
      .catch(FOLLOW_UP_DAYS_BOUNDS.fallback),
    // Unreadable templates are dropped one by one; none left (or a broken list) gives the defaults back.
    templates: z
      .array(z.unknown())
      .transform((list) =>
        list
          .flatMap((t) => {
            const read = TemplateSchema.safeParse(t);
            return read.success && read.data.body.trim() !== '' ? [read.data] : [];
          })
          .slice(0, TEMPLATE_LIMITS.count),
      )
      .transform((list) => (list.length > 0 ? list : [...DEFAULT_TEMPLATES]))
      .catch([...DEFAULT_TEMPLATES]),
  }),
);
export type OutreachSettings = z.output<typeof OutreachSettingsSchema>;
