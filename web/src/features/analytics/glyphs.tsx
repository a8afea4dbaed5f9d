import type { ReactNode, SVGProps } from 'react';

/**
 * The arrows of the changes and the sortable columns, inline (lucide's shapes, ISC licence): no
 * other screen uses them, and from lucide-react they would join the icon chunk every page loads.
 */
function Glyph({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {children}
    </svg>
  );
}

type GlyphProps = SVGProps<SVGSVGElement>;

export const ArrowUpGlyph = (props: GlyphProps) => (
  <Glyph {...props}>
    <path d="m5 12 7-7 7 7" />
    <path d="M12 19V5" />
  </Glyph>
);
export const ArrowDownGlyph = (props: GlyphProps) => (
  <Glyph {...props}>
    <path d="M12 5v14" />
    <path d="m19 12-7 7-7-7" />
  </Glyph>
);
export const MinusGlyph = (props: GlyphProps) => (
  <Glyph {...props}>
    <path d="M5 12h14" />
  </Glyph>
);
export const SortGlyph = (props: GlyphProps) => (
  <Glyph {...props}>
    <path d="m21 16-4 4-4-4" />
    <path d="M17 20V4" />
    <path d="m3 8 4-4 4 4" />
    <path d="M7 4v16" />
  </Glyph>
);
