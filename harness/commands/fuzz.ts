/** `edgeconf fuzz`. STUB — not implemented yet. */
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write("edgeconf fuzz: not implemented yet\n");
  return 2;
}
