/** A form as a page has it, for connect tests that read a submitted form: one input per field, by name. */
export function formWith(fields: Record<string, string>): HTMLFormElement {
  const el = document.createElement('form');
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.name = name;
    input.value = value;
    el.append(input);
  }
  return el;
}
