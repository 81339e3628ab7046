import DOMPurify from 'dompurify';

let hooksInstalled = false;

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // Links in server-provided documents (policies, notifications) open outside the app.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Moves every heading one level down, so a document's own h1 does not compete with the page's. */
function demoteHeadings(root: DocumentFragment): void {
  for (const heading of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5'))) {
    const level = Number(heading.tagName.charAt(1));
    const replacement = document.createElement(`h${level + 1}`);
    for (const attribute of Array.from(heading.attributes))
      replacement.setAttribute(attribute.name, attribute.value);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
}

export interface SanitizeOptions {
  /** For documents shown under a page title: h1 becomes h2 and so on. */
  demoteHeadings?: boolean;
}

/** Cleans HTML from the server before it is placed in the page: no scripts, handlers or frames. */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  installHooks();
  const fragment = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form'],
    RETURN_DOM_FRAGMENT: true,
  });
  if (options.demoteHeadings) demoteHeadings(fragment);
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}
