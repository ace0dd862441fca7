import type { PrivacyBlock, PrivacyContent } from '@/lib/privacy/privacy-content';

function Block({ block }: { block: PrivacyBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'table':
      return (
        <table className="privacy-table">
          <thead>
            <tr>
              {block.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, i) => (
              <tr key={i}>
                {row.map((c, j) => (
                  <td key={j}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

/** The privacy page (privacy.html): the same content PRIVACY.md is generated from (lib/privacy). */
export function PrivacyView({ content }: { content: PrivacyContent }) {
  return (
    <main className="options privacy">
      <h1>{content.title}</h1>
      {content.intro.map((b, i) => (
        <Block key={i} block={b} />
      ))}
      {content.sections.map((s) => (
        <section key={s.heading} aria-labelledby={`privacy-${slug(s.heading)}`}>
          <h2 id={`privacy-${slug(s.heading)}`}>{s.heading}</h2>
          {s.blocks.map((b, i) => (
            <Block key={i} block={b} />
          ))}
        </section>
      ))}
    </main>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
