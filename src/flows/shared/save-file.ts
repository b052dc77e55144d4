/**
 * The browser saves a file the page already holds (an object URL): a link with `download`,
 * clicked once. The caller keeps the URL and lets it go when it no longer offers the file (the
 * statement's "Save it again", the data export's page).
 */
export function saveFile(name: string, url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
