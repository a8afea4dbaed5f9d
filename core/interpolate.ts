const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * `text` with each `{{name}}` replaced by `values[name]`, when `values` has that name (given as
 * undefined or null: nothing; not given: the placeholder stays). The dictionaries' placeholders,
 * filled by the web's translator and by the server's messages to customers alike.
 */
export function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return placeholder;
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
