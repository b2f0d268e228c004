// One text file of the filesystem surface's seeded repository, and how its lines are joined.

export interface TextFile {
  path: string;
  content: string;
  /** Permission bits as get_file_info prints them; 644 unless said. */
  mode?: string;
}

/** Lines joined with `\n`, ending with one, as text files usually do. */
export function text(...lines: string[]): string {
  return `${lines.join("\n")}\n`;
}
