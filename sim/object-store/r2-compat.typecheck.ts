/**
 * Type test (checked by tsc, never run): code written against the platform's R2Bucket accepts the
 * simulator's bucket unchanged.
 *
 * The platform's types come from the module form of @cloudflare/workers-types (`index.ts`), imported
 * for types only, so its global declarations never leak into the project.
 *
 * Gaps / by design: only the direction "simulator bucket where an R2Bucket is expected" is checked;
 * members the simulator does not model (ssecKey) are accepted by the type and refused at run time.
 */
import type {
  R2Bucket,
  R2MultipartUpload,
  R2Object,
  R2ObjectBody,
  R2Objects,
  R2UploadedPart,
} from "@cloudflare/workers-types/index.ts";
import { createCore } from "../core/context.ts";
import { createObjectStoreArea, type StoreObject, type StoreObjectBody } from "./index.ts";

const bucket = createObjectStoreArea(createCore({})).bucket("typecheck");

// Code written for the platform: takes an R2Bucket.
async function platformCode(b: R2Bucket): Promise<void> {
  const put: R2Object = await b.put("k", "v", { httpMetadata: { contentType: "text/plain" } });
  const head: R2Object | null = await b.head(put.key);
  const body: R2ObjectBody | null = await b.get("k", { range: { offset: 0, length: 1 } });
  const cond: R2ObjectBody | R2Object | null = await b.get("k", { onlyIf: { etagMatches: head?.etag ?? "" } });
  const list: R2Objects = await b.list({ prefix: "k", include: ["httpMetadata"] });
  const upload: R2MultipartUpload = await b.createMultipartUpload("m");
  const part: R2UploadedPart = await upload.uploadPart(1, "x");
  await upload.complete([part]);
  b.resumeMultipartUpload("m", upload.uploadId);
  await b.delete(["k", "m"]);
  void body?.text();
  void cond;
  void list.truncated;
}

// The simulator's bucket is accepted where an R2Bucket is expected.
export const accepted: R2Bucket = bucket;
export const run: () => Promise<void> = () => platformCode(bucket);
// The values it hands out are the platform's shapes.
export const objectBody = (o: StoreObjectBody): R2ObjectBody => o;
export const object = (o: StoreObject): R2Object => o;
