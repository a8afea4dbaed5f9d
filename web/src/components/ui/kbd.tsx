/** A key cap, always left-to-right ("Ctrl", "Shift", "?"). */
export function Kbd({ children }: { children: string }) {
  return (
    <kbd
      dir="ltr"
      className="inline-flex h-6 min-w-6 items-center justify-center rounded-md border border-b-2 bg-muted px-1.5 font-sans text-xs font-semibold text-foreground"
    >
      {children}
    </kbd>
  );
}

/** A key combination: Ctrl + D. */
export function KeyCombo({ keys }: { keys: string[] }) {
  return (
    <span className="inline-flex items-center gap-1" dir="ltr">
      {keys.map((key, index) => (
        <span key={key} className="inline-flex items-center gap-1">
          {index > 0 && <span className="text-xs text-muted-foreground">+</span>}
          <Kbd>{key}</Kbd>
        </span>
      ))}
    </span>
  );
}
