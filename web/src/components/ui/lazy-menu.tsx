import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactElement } from 'react';

/** What a lazily loaded menu is given: whether it opens as it mounts (the button was pressed before its code was in). */
export type LazyMenuProps = { defaultOpen?: boolean };

/**
 * A menu whose code (radix's menu) is not part of what a page needs to show
 * itself. Until it is in, `button` stands in for the menu's trigger (the same button): the
 * pointer over it or focus on it starts the download, and pressing it (pointer down, Enter,
 * Space, arrow down: as the menu's own trigger) opens the menu as soon as it is in. Focus stays
 * on the button when the menu takes its place.
 */
export function LazyMenu<P extends object>({
  load,
  button: Button,
  props,
}: {
  load: () => Promise<ComponentType<P & LazyMenuProps>>;
  button: (handlers: {
    onPointerEnter: () => void;
    onFocus: () => void;
    onPointerDown: () => void;
    onKeyDown: (e: KeyboardEvent) => void;
  }) => ReactElement;
  props: P;
}) {
  const [Menu, setMenu] = useState<ComponentType<P & LazyMenuProps> | null>(null);
  const [wanted, setWanted] = useState(false);
  const [openOnMount, setOpenOnMount] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);

  useEffect(() => {
    if (!wanted || Menu) return;
    let live = true;
    load()
      .then((menu) => {
        if (!live) return;
        hadFocus.current = !!box.current?.contains(document.activeElement);
        setMenu(() => menu);
      })
      // A failed download is tried again at the next hover, focus or press.
      .catch(() => live && setWanted(false));
    return () => {
      live = false;
    };
  }, [wanted, Menu, load]);

  useLayoutEffect(() => {
    if (Menu && hadFocus.current) box.current?.querySelector('button')?.focus();
  }, [Menu]);

  if (Menu)
    return (
      <span ref={box} className="contents">
        <Menu {...props} defaultOpen={openOnMount} />
      </span>
    );
  const fetchCode = () => setWanted(true);
  const open = () => {
    setOpenOnMount(true);
    setWanted(true);
  };
  return (
    <span ref={box} className="contents">
      {Button({
        onPointerEnter: fetchCode,
        onFocus: fetchCode,
        onPointerDown: open,
        onKeyDown: (e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
            e.preventDefault();
            open();
          }
        },
      })}
    </span>
  );
}
