/** `edgeconf report`. STUB — not implemented yet. */
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write("edgeconf report: not implemented yet\n");
  return 2;
}
