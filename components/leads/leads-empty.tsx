/*
 * LeadsEmpty — the Leads page before the first lead: where leads come from. Saving from the side panel
 * or the popup, "People on this page" (a side-panel section that only appears on X and LinkedIn pages
 * listing people, so it is said in words rather than linked), "Find prospects" (a button: the page
 * opens it in a new tab) and "Enrich a list" (opens its region on this page).
 */
import { FIND_PROSPECTS } from '@/lib/prospect/prospect-page';

export function LeadsEmpty({ onFindProspects, onEnrichList }: { onFindProspects: () => void; onEnrichList: () => void }) {
  return (
    <section className="leads-empty card" aria-labelledby="leads-empty-title">
      <h2 id="leads-empty-title">No leads yet</h2>
      <p>Save people from the side panel or the popup (“Save lead”): it costs nothing.</p>
      <p>
        On an X or LinkedIn page that lists people (followers, search results, a company’s People tab), the side panel has a “People on this
        page” section: select people there and “Save as leads”.
      </p>
      <p>
        <button type="button" className="btn btn--primary" onClick={onFindProspects}>
          {FIND_PROSPECTS}
        </button>{' '}
        searches the whole directory by role and channel, 100 people per page, and saves them as leads.
      </p>
      <p>
        <button type="button" className="btn" onClick={onEnrichList}>
          Enrich a list
        </button>{' '}
        takes a pasted list or a CSV file of X handles, LinkedIn links or names with companies, and prices it exactly before anything is
        sent.
      </p>
    </section>
  );
}
