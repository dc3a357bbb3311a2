import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir`, by its path relative to it, with its bytes (a restore's photos). */
export async function filesUnder(dir: string, prefix = ''): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      for (const [name, data] of await filesUnder(path.join(dir, entry.name), relative))
        files.set(name, data);
    } else files.set(relative, await readFile(path.join(dir, entry.name)));
  }
  return files;
}
