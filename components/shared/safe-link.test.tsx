import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeImage } from './safe-image';
import { SafeLink } from './safe-link';

describe('SafeLink', () => {
  it('links an https URL in a new tab with rel="noopener noreferrer"', () => {
    render(<SafeLink href="https://quantlayer.xyz">Website</SafeLink>);
    const link = screen.getByRole('link', { name: 'Website' });
    expect(link.getAttribute('href')).toBe('https://quantlayer.xyz/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'quantlayer.xyz'])(
    'renders %s as plain text, not a link',
    (href) => {
      const { container } = render(<SafeLink href={href} />);
      expect(screen.queryByRole('link')).toBeNull();
      expect(container.textContent).toBe(href);
      expect(container.querySelector('a')).toBeNull();
    },
  );

  it('allows mailto: and tel: only for contact links, without a blank tab', () => {
    const { rerender } = render(<SafeLink href="mailto:ada@quantlayer.xyz">mail</SafeLink>);
    expect(screen.queryByRole('link')).toBeNull();
    rerender(
      <SafeLink href="mailto:ada@quantlayer.xyz" allowContact>
        mail
      </SafeLink>,
    );
    const link = screen.getByRole('link', { name: 'mail' });
    expect(link.getAttribute('href')).toBe('mailto:ada@quantlayer.xyz');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('refuses http when https is required', () => {
    render(
      <SafeLink href="http://pay.example/upgrade" httpsOnly>
        Upgrade
      </SafeLink>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Upgrade')).toBeVisible();
  });

  it('renders markup in API text as text', () => {
    const { container } = render(<SafeLink href="javascript:alert(1)">{'<img src=x onerror=alert(1)>'}</SafeLink>);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('SafeImage', () => {
  // Directory image URLs are never loaded: a remote image would report each card shown to its host.
  it.each([
    'https://cdn.directory.example/avatars/per_ada.jpg',
    'https://tracker.example/pixel.gif?who=AdaQuant',
    'http://cdn.example/a.png',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    null,
    '',
  ])('shows initials and loads nothing for %j', (src) => {
    const { container } = render(<SafeImage src={src} name="Ada Lindqvist" />);
    expect(container.querySelector('img, image, picture, [style*="url("]')).toBeNull();
    expect(container.textContent).toBe('AL');
  });

  it('gives square initials for a logo', () => {
    const { container } = render(<SafeImage src="https://cdn.example/q.png" name="QuantLayer" shape="square" />);
    expect(container.firstElementChild?.className).toContain('safe-image--square');
    expect(container.textContent).toBe('Q');
  });
});
