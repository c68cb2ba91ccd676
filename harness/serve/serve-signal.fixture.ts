/** For temp-dirs.test.ts: starts the servers, prints the generated certificate folder, waits to be signalled. */
import path from "node:path";
import { startServe } from "./index.ts";

const served = await startServe({ seed: 1 });
process.stdout.write(`${path.dirname(served.ca_cert ?? "")}\n`);
setInterval(() => {}, 1000);
