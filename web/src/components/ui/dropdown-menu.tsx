import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { Check, Circle } from 'lucide-react';
import { cn } from '@/lib/utils';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

export const DropdownMenuContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Content>>(
  function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...props }, ref) {
    return (
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content
          ref={ref}
          sideOffset={sideOffset}
          align={align}
          className={cn(
            'z-50 min-w-56 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-pop data-[state=open]:animate-fade-in',
            className,
          )}
          {...props}
        />
      </MenuPrimitive.Portal>
    );
  },
);

const ITEM =
  'relative flex cursor-default select-none items-center gap-2 rounded-md px-2 text-sm outline-none transition-colors ' +
  'h-11 md:h-8 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 ' +
  '[&_svg]:size-4 [&_svg]:shrink-0';

export const DropdownMenuItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Item> & { destructive?: boolean }>(
  function DropdownMenuItem({ className, destructive, ...props }, ref) {
    return (
      <MenuPrimitive.Item
        ref={ref}
        className={cn(ITEM, destructive && 'text-destructive data-[highlighted]:text-destructive', className)}
        {...props}
      />
    );
  },
);

export const DropdownMenuCheckboxItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.CheckboxItem>>(
  function DropdownMenuCheckboxItem({ className, children, ...props }, ref) {
    return (
      <MenuPrimitive.CheckboxItem ref={ref} className={cn(ITEM, 'pe-8', className)} {...props}>
        {children}
        <span className="absolute end-2 flex size-4 items-center justify-center">
          <MenuPrimitive.ItemIndicator>
            <Check aria-hidden />
          </MenuPrimitive.ItemIndicator>
        </span>
      </MenuPrimitive.CheckboxItem>
    );
  },
);

export const DropdownMenuRadioItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.RadioItem>>(
  function DropdownMenuRadioItem({ className, children, ...props }, ref) {
    return (
      <MenuPrimitive.RadioItem ref={ref} className={cn(ITEM, 'pe-8', className)} {...props}>
        {children}
        <span className="absolute end-2 flex size-4 items-center justify-center">
          <MenuPrimitive.ItemIndicator>
            <Circle className="fill-current !size-2" aria-hidden />
          </MenuPrimitive.ItemIndicator>
        </span>
      </MenuPrimitive.RadioItem>
    );
  },
);

export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn('px-2 py-1.5 text-xs font-semibold text-muted-foreground', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentPropsWithoutRef<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
