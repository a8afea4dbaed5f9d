import { ShieldAlert } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** What a user whose role may not use a page sees in its place (the server refuses its reads too). */
export function NoAccessCard({ title, body, testId }: { title: string; body: string; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center md:px-6 md:py-16">
        <div className="flex size-12 items-center justify-center rounded-full bg-warning/12 text-warning">
          <ShieldAlert className="size-6" aria-hidden />
        </div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{body}</p>
      </CardContent>
    </Card>
  );
}
